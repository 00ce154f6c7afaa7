// The first row of the file holding each content or policy number, kept compactly: a million-row
// file's keys fit in tens of megabytes instead of hundreds (a JavaScript Map keeps an object per key).
const EMPTY = 0; // row numbers start at 1, so 0 marks a free slot

/**
 * Remembers, for 64-bit keys, the first row noted with each. Open addressing with linear probing
 * over typed arrays, doubled when half full. Two different values share a key with a chance of
 * about 3 in 10^8 in a million-row file (the journal's own look-up of the same question compares
 * whole values).
 */
export class FirstRows {
  private hi = new Uint32Array(1 << 12);
  private lo = new Uint32Array(1 << 12);
  private rows = new Uint32Array(1 << 12);
  private used = 0;

  /** The first row noted with this key, if any. */
  get([h, l]: Key): number | undefined {
    const at = this.find(h, l);
    return this.rows[at] === EMPTY ? undefined : this.rows[at];
  }

  /** Notes the row for the key unless a row is already noted for it. */
  note([h, l]: Key, row: number): void {
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

/** A 64-bit key as two unsigned 32-bit halves. */
export type Key = readonly [number, number];

/** The key of a hex sha256 (a payload's hash): its first 64 bits. */
export const keyOfHash = (hex: string): Key => [parseInt(hex.slice(0, 8), 16), parseInt(hex.slice(8, 16), 16)];

/**
 * The key of a text (a policy number): two independent 32-bit FNV-1a hashes of its UTF-16 code units
 * (a cryptographic hash per row cost a million-row check seconds for no gain here).
 */
export function keyOfText(text: string): Key {
  let h = 0x811c9dc5;
  let l = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h = Math.imul(h ^ c, 0x01000193);
    l = Math.imul(l ^ c, 0x5bd1e995) ^ (l >>> 15);
  }
  return [h >>> 0, l >>> 0];
}
