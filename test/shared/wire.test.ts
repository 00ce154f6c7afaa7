import { describe, expect, it } from 'vitest';
import { encodeEntry } from '@shared/entry/wire';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import { sampleEntry } from '../support/service';

describe('encodeEntry', () => {
  const entry = sampleEntry({ purchase_date: '2026-03-04', delivery_date: '2026-12-25' });

  it.each([
    ['YYYY-MM-DD', '2026-03-04', '2026-12-25'],
    ['DD/MM/YYYY', '04/03/2026', '25/12/2026'],
    ['MM/DD/YYYY', '03/04/2026', '12/25/2026'],
  ] as const)('writes dates as %s', (dateFormat, purchase, delivery) => {
    const parts = new Map(encodeEntry(entry, { dateFormat, blankMode: 'send' }));
    expect(parts.get('purchase_date')).toBe(purchase);
    expect(parts.get('delivery_date')).toBe(delivery);
  });

  it('sends every field in spec order, blanks as empty parts, by default', () => {
    const parts = encodeEntry(entry, { dateFormat: 'YYYY-MM-DD', blankMode: 'send' });
    expect(parts.map(([n]) => n)).toEqual([...ENTRY_FIELDS]);
    expect(parts.find(([n]) => n === 'title')).toEqual(['title', '']);
    expect(parts.find(([n]) => n === 'total_value')).toEqual(['total_value', '1299.50']);
  });

  it('omits blank parts when the profile says so, keeping the order', () => {
    const parts = encodeEntry(entry, { dateFormat: 'YYYY-MM-DD', blankMode: 'omit' });
    expect(parts.map(([n]) => n)).toEqual([
      'account_code',
      'reference',
      'surname',
      'postcode',
      'policy',
      'total_value',
      'policy_premium',
      'purchase_date',
      'delivery_date',
    ]);
  });
});
