import { describe, expect, it } from 'vitest';
import { edgeSpaces, onlyFormat } from '@shared/import/changes';

describe('onlyFormat', () => {
  it.each([
    ['total_value', '100', '100.00'],
    ['policy_premium', '£1,234.5', '1234.50'],
    ['total_seats', '03', '3'],
    ['purchase_date', '02/11/2026', '2026-11-02'],
  ] as const)('%s %j → %j is only the service’s way of writing it', (field, file, sent) => {
    expect(onlyFormat(field, file, sent)).toBe(true);
  });

  it.each([
    ['surname', ' Smith ', 'Smith'],
    ['total_value', '100', '1000.00'],
    ['address1', 'Flat 3\n12 King St', 'Flat 3, 12 King St'],
    ['reference', '100', '100.00'],
  ] as const)('%s %j → %j is a real change, listed', (field, file, sent) => {
    expect(onlyFormat(field, file, sent)).toBe(false);
  });
});

describe('edgeSpaces', () => {
  it.each([
    [' Smith ', '␣Smith␣'],
    ['  a b', '␣␣a b'],
    ['Smith', 'Smith'],
    ['   ', '␣␣␣'],
    ['', ''],
  ])('%j → %j', (value, shown) => expect(edgeSpaces(value)).toBe(shown));
});
