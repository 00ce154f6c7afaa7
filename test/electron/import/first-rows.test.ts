import { describe, expect, it } from 'vitest';
import { FirstRows, keyOfHash, keyOfText } from '@main/import/first-rows';
import { payloadHash } from '@main/journal/payload-hash';

describe('FirstRows: the first row of each key, kept compactly', () => {
  it('answers the first row noted for a key, and nothing for a key never noted', () => {
    const rows = new FirstRows();
    rows.note(keyOfText('FG-26-000001'), 4);
    rows.note(keyOfText('FG-26-000001'), 9); // a repeat: the first row stays
    expect(rows.get(keyOfText('FG-26-000001'))).toBe(4);
    expect(rows.get(keyOfText('FG-26-000002'))).toBeUndefined();
    expect(rows.size).toBe(1);
  });

  it('keeps every key through its growth, as a Map would', () => {
    const rows = new FirstRows();
    const map = new Map<string, number>();
    for (let row = 1; row <= 50_000; row += 1) {
      const hash = payloadHash('entry', { reference: `R${row % 37_000}` });
      rows.note(keyOfHash(hash), row);
      if (!map.has(hash)) map.set(hash, row);
    }
    expect(rows.size).toBe(map.size);
    for (const [hash, row] of map) expect(rows.get(keyOfHash(hash))).toBe(row);
    expect(rows.get(keyOfHash(payloadHash('entry', { reference: 'never' })))).toBeUndefined();
  });
});

describe('keyOfText', () => {
  it('gives 100,000 distinct policy numbers 100,000 distinct keys, and a text the same key each time', () => {
    const keys = new Set<string>();
    for (let n = 0; n < 100_000; n += 1) keys.add(keyOfText(`FG-26-${String(n).padStart(6, '0')}`).join(':'));
    expect(keys.size).toBe(100_000);
    expect(keyOfText('FG-26-000001')).toEqual(keyOfText('FG-26-000001'));
    expect(keyOfText('ab')).not.toEqual(keyOfText('ba'));
  });
});
