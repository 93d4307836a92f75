/**
 * Local storage with the console's `uz__` prefix and an optional lifetime (the session and user
 * data live 7 days, spec section 4).
 */
const prefix = 'uz__';

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const storage = {
  get<T>(key: string): T | null {
    const raw = localStorage.getItem(prefix + key);
    if (raw === null) return null;
    try {
      const stored = JSON.parse(raw) as Stored<T>;
      if (stored.expire !== null && stored.expire < Date.now()) {
        localStorage.removeItem(prefix + key);
        return null;
      }
      return stored.value;
    } catch {
      localStorage.removeItem(prefix + key);
      return null;
    }
  },
  set<T>(key: string, value: T, lifetimeMs?: number): void {
    const stored: Stored<T> = { value, expire: lifetimeMs === undefined ? null : Date.now() + lifetimeMs };
    localStorage.setItem(prefix + key, JSON.stringify(stored));
  },
  remove(key: string): void {
    localStorage.removeItem(prefix + key);
  },
};
