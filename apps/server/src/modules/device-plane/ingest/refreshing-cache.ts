/**
 * A read-through cache of the lookups every device message makes (a logger's identity, a battery's
 * owner), whose answers rarely change. An answer older than `maxAgeMs` is still given while one read
 * in the background refreshes it: a fleet's entries, filled in the same second, all come due in the
 * same second, and waiting for them held every logger's messages at once behind hundreds of reads
 * (a memory and latency spike each minute under load). A key not held, or whose due answer was
 * "none", is read before answering, once however many messages ask for it together. A read that a
 * `forget` overtook is read again (for a caller) or dropped (in the background): its answer may
 * predate what made the key forgotten.
 */
export class RefreshingCache<K, V> {
  /** `value` undefined: the read found nothing for the key. */
  private readonly entries = new Map<K, { at: number; value: V | undefined }>();
  private readonly reading = new Map<K, Promise<void>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(
    private readonly options: {
      maxAgeMs: number;
      /** The values found for `keys`; a key left out has none. */
      read: (keys: K[]) => Promise<Map<K, V>>;
      /** A background refresh failed (the old answers stay until the next one). */
      onRefreshError: (error: unknown) => void;
      now?: () => number;
    },
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The values of `keys` (undefined where there is none), waiting only for keys not held. */
  async get(keys: readonly K[]): Promise<Map<K, V | undefined>> {
    const now = this.now();
    let missing: K[] | undefined;
    let due: K[] | undefined;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (!entry) (missing ??= []).push(key);
      else if (now - entry.at <= this.options.maxAgeMs) continue;
      // A due "none" is read again before answering: it would refuse a message, an old value does not.
      else if (entry.value === undefined) (missing ??= []).push(key);
      else if (!this.reading.has(key)) (due ??= []).push(key);
    }
    if (due) this.refresh(due);
    if (missing) await this.fill(missing);
    const values = new Map<K, V | undefined>();
    for (const key of keys) values.set(key, this.entries.get(key)?.value);
    return values;
  }

  /** Holds `value` for `key` as if just read (a battery claimed by the logger that first sent it). */
  set(key: K, value: V): void {
    this.entries.set(key, { at: this.now(), value });
  }

  /** Drops `key`: the next message reads it again, and an answer being read for it now is not kept. */
  forget(key: K): void {
    this.entries.delete(key);
    this.generation++;
  }

  /** Reads the keys no read is under way for, and waits for those that are. */
  private async fill(keys: K[]): Promise<void> {
    const waits = new Set<Promise<void>>();
    const unread: K[] = [];
    for (const key of keys) {
      const pending = this.reading.get(key);
      if (pending) waits.add(pending);
      else if (!unread.includes(key)) unread.push(key);
    }
    if (unread.length > 0) waits.add(this.track(unread, this.readUntilSettled(unread)));
    await Promise.all(waits);
    // A forget while waiting on someone else's read: read those keys again for this caller.
    const dropped = keys.filter((key) => !this.entries.has(key));
    if (dropped.length > 0) await this.fill(dropped);
  }

  /** Reads until no forget overtook the read, then keeps the answers. */
  private async readUntilSettled(keys: K[]): Promise<void> {
    for (;;) {
      const generation = this.generation;
      const found = await this.options.read(keys);
      if (generation !== this.generation) continue;
      this.keep(keys, found);
      return;
    }
  }

  private refresh(keys: K[]): void {
    const generation = this.generation;
    const read = this.options.read(keys).then((found) => {
      if (generation !== this.generation) return;
      // Only keys still held: a forgotten one is read afresh by the next message that names it.
      this.keep(
        keys.filter((key) => this.entries.has(key)),
        found,
      );
    });
    void this.track(keys, read).catch(this.options.onRefreshError);
  }

  private keep(keys: K[], found: Map<K, V>): void {
    const at = this.now();
    for (const key of keys) this.entries.set(key, { at, value: found.get(key) });
  }

  /** Marks `keys` as being read until `read` settles. */
  private track(keys: K[], read: Promise<void>): Promise<void> {
    const settled = read.finally(() => {
      for (const key of keys) if (this.reading.get(key) === settled) this.reading.delete(key);
    });
    for (const key of keys) this.reading.set(key, settled);
    return settled;
  }
}
