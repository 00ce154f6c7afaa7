import { describe, expect, it } from 'vitest';
import { findOptions, type ComboOption } from '../../renderer/src/components/find-options';

const OPTIONS: ComboOption<string>[] = [
  { value: '', label: '— not imported —' },
  { value: 'postcode', label: 'Postcode', words: 'postcode' },
  { value: 'policy', label: 'Policy', words: 'policy' },
  { value: 'policy_premium', label: 'Policy premium', words: 'policy_premium' },
  { value: 'total_seats', label: 'Total seats', words: 'total_seats' },
  { value: 'sales_channel', label: 'Sales channel', words: 'sales_channel' },
];
const labels = (typed: string) => {
  const { found, first } = findOptions(OPTIONS, typed);
  return { found: found.map((o) => o.label), first: found[first]?.label };
};

describe('finding a combobox option by typing', () => {
  it('finds from the start of any word of the label, and starts on the label that begins with the text', () => {
    expect(labels('po')).toEqual({ found: ['Postcode', 'Policy', 'Policy premium'], first: 'Postcode' });
    expect(labels('Pol')).toEqual({ found: ['Policy', 'Policy premium'], first: 'Policy' });
    expect(labels('premium')).toEqual({ found: ['Policy premium'], first: 'Policy premium' });
    expect(labels('Total s')).toEqual({ found: ['Total seats'], first: 'Total seats' });
  });
  it('finds by the further words (a field name), whatever the case and punctuation', () => {
    expect(labels('SALES_CH')).toEqual({ found: ['Sales channel'], first: 'Sales channel' });
  });
  it('finds nothing, and starts nowhere, when no word begins with the text', () => {
    expect(labels('xyz')).toEqual({ found: [], first: undefined });
    expect(labels('mported').found).toEqual([]);
  });
  it('shows every option, none looked at, before anything is typed', () => {
    expect(labels('  ')).toEqual({ found: OPTIONS.map((o) => o.label), first: undefined });
  });
});
