// The first row of the file holding each content or policy number, kept compactly: a million-row
// file's keys fit in tens of megabytes instead of hundreds (a JavaScript Map keeps an object per key).
import { createHash } from 'node:crypto';

const EMPTY = 0; // row numbers start at 1, so 0 marks a free slot

/**
 * Remembers, for 64-bit keys, the first row noted with each. Open addressing with linear probing
 * over typed arrays, doubled when half full. A key is the first 8 bytes of a sha256, so two
 * different values share one with a chance of about 3 in 10^8 in a million-row file (the journal's
 * own look-up of the same question compares whole values).
 */
export class FirstRows {
  private hi = new Uint32Array(1 << 12);
  private lo = new Uint32Array(1 << 12);
  private rows = new Uint32Array(1 << 12);
  private used = 0;

  /** The first row noted with this key, if any. */
  get(key: Buffer): number | undefined {
    const at = this.find(key.readUInt32BE(0), key.readUInt32BE(4));
    return this.rows[at] === EMPTY ? undefined : this.rows[at];
  }

  /** Notes the row for the key unless a row is already noted for it. */
  note(key: Buffer, row: number): void {
    const [h, l] = [key.readUInt32BE(0), key.readUInt32BE(4)];
    const at = this.find(h, l);
    if (this.rows[at] !== EMPTY) return;
    this.hi[at] = h;
    this.lo[at] = l;
    this.rows[at] = row;
    if (++this.used * 2 > this.rows.length) this.grow();
  }

  get size(): number {
    return this.used;
  }

  private find(h: number, l: number): number {
    const mask = this.rows.length - 1;
    let at = (l ^ Math.imul(h, 0x9e3779b1)) & mask;
    while (this.rows[at] !== EMPTY && (this.hi[at] !== h || this.lo[at] !== l)) at = (at + 1) & mask;
    return at;
  }

  private grow(): void {
    const [hi, lo, rows] = [this.hi, this.lo, this.rows];
    this.hi = new Uint32Array(rows.length * 2);
    this.lo = new Uint32Array(rows.length * 2);
    this.rows = new Uint32Array(rows.length * 2);
    for (let i = 0; i < rows.length; i += 1) {
      if (rows[i] === EMPTY) continue;
      const at = this.find(hi[i]!, lo[i]!);
      [this.hi[at], this.lo[at], this.rows[at]] = [hi[i]!, lo[i]!, rows[i]!];
    }
  }
}

/** The 8-byte key of a hex sha256 (a payload's hash). */
export const keyOfHash = (hex: string): Buffer => Buffer.from(hex.slice(0, 16), 'hex');

/** The 8-byte key of a text (a policy number). */
export const keyOfText = (text: string): Buffer => createHash('sha256').update(text).digest().subarray(0, 8);
