/**
 * Encodes rows in PostgreSQL's binary COPY format
 * (https://www.postgresql.org/docs/15/sql-copy.html#id-1.9.3.55.9.4). Binary COPY is the cheapest
 * way into PostgreSQL on both sides: no text to build and escape here, nothing to parse there.
 *
 * Write each row as `row(fieldCount)` followed by exactly that many field writes, in the column
 * order of the COPY statement, then take the bytes with `finish()`. Field types must match the
 * target columns exactly (a float8 into a float8 column, and so on): binary COPY does not convert.
 */

/** Microseconds from the Unix epoch to PostgreSQL's epoch, 2000-01-01 00:00:00 UTC. */
const postgresEpochMs = Date.UTC(2000, 0, 1);
const float4Oid = 700;
const signature = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const twoTo32 = 2 ** 32;

export class BinaryCopyWriter {
  private buffer: Buffer;
  private offset = 0;

  /**
   * `fieldsOnly`: no COPY header, for fields encoded ahead of their rows (`bytes()` to take them,
   * `raw()` to put them into a row of another writer).
   */
  constructor(initialBytes = 64 * 1024, { fieldsOnly = false } = {}) {
    this.buffer = Buffer.allocUnsafe(Math.max(initialBytes, 64));
    if (fieldsOnly) return;
    signature.copy(this.buffer, 0);
    this.buffer.writeInt32BE(0, 11); // flags: no OIDs
    this.buffer.writeInt32BE(0, 15); // header extension length
    this.offset = 19;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.offset;
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): this {
    this.reserve(2);
    this.buffer.writeInt16BE(fields, this.offset);
    this.offset += 2;
    return this;
  }

  null(): this {
    this.reserve(4);
    this.buffer.writeInt32BE(-1, this.offset);
    this.offset += 4;
    return this;
  }

  /** text, varchar: UTF-8 bytes. */
  text(value: string | null | undefined): this {
    if (value == null) return this.null();
    const length = Buffer.byteLength(value, 'utf8');
    this.reserve(4 + length);
    this.buffer.writeInt32BE(length, this.offset);
    this.buffer.write(value, this.offset + 4, length, 'utf8');
    this.offset += 4 + length;
    return this;
  }

  float8(value: number): this {
    this.reserve(12);
    this.buffer.writeInt32BE(8, this.offset);
    this.buffer.writeDoubleBE(value, this.offset + 4);
    this.offset += 12;
    return this;
  }

  int4(value: number): this {
    this.reserve(8);
    this.buffer.writeInt32BE(4, this.offset);
    this.buffer.writeInt32BE(value, this.offset + 4);
    this.offset += 8;
    return this;
  }

  bool(value: boolean): this {
    this.reserve(5);
    this.buffer.writeInt32BE(1, this.offset);
    this.buffer[this.offset + 4] = value ? 1 : 0;
    this.offset += 5;
    return this;
  }

  /** timestamptz from milliseconds since the Unix epoch (whole milliseconds, as devices send them). */
  timestamptz(epochMs: number): this {
    const micros = (epochMs - postgresEpochMs) * 1000;
    const high = Math.floor(micros / twoTo32);
    this.reserve(12);
    this.buffer.writeInt32BE(8, this.offset);
    this.buffer.writeInt32BE(high, this.offset + 4);
    this.buffer.writeUInt32BE(micros - high * twoTo32, this.offset + 8);
    this.offset += 12;
    return this;
  }

  /** real[]: a one-dimensional array of float4 without NULLs (an empty array has no dimension). */
  float4Array(values: readonly number[]): this {
    const dimensions = values.length === 0 ? 0 : 1;
    const length = 12 + dimensions * 8 + values.length * 8;
    this.reserve(4 + length);
    const b = this.buffer;
    let at = this.offset;
    b.writeInt32BE(length, at);
    b.writeInt32BE(dimensions, at + 4);
    b.writeInt32BE(0, at + 8); // no NULL elements
    b.writeInt32BE(float4Oid, at + 12);
    at += 16;
    if (dimensions === 1) {
      b.writeInt32BE(values.length, at);
      b.writeInt32BE(1, at + 4); // lower bound
      at += 8;
      for (const value of values) {
        b.writeInt32BE(4, at);
        b.writeFloatBE(value, at + 4);
        at += 8;
      }
    }
    this.offset = at;
    return this;
  }

  /** Fields already encoded by another (`fieldsOnly`) writer, copied as they are. */
  raw(fields: Uint8Array): this {
    this.reserve(fields.length);
    this.buffer.set(fields, this.offset);
    this.offset += fields.length;
    return this;
  }

  /** What a `fieldsOnly` writer holds, in a buffer of its own (it can be transferred to another thread). */
  bytes(): Uint8Array {
    return new Uint8Array(this.buffer.buffer.slice(this.buffer.byteOffset, this.buffer.byteOffset + this.offset));
  }

  /** The complete COPY data, trailer included. The writer must not be used afterwards. */
  finish(): Buffer {
    this.reserve(2);
    this.buffer.writeInt16BE(-1, this.offset);
    this.offset += 2;
    return this.buffer.subarray(0, this.offset);
  }

  private reserve(bytes: number): void {
    if (this.offset + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.offset + bytes) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, this.offset);
    this.buffer = grown;
  }
}
