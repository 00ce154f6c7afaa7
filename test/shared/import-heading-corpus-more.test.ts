import { describe, expect, it } from 'vitest';
import type { EntryField } from '../../shared/entry/fields';
import { matchHeadings, readHeading, type MatchHow } from '../../shared/import/columns';

/**
 * More of the heading corpus (import-heading-corpus.test.ts): abbreviations, the kinds of goods and
 * headings that most likely mean a field, each read on its own, with look-alikes that stay unmatched.
 */
const CORPUS: ReadonlyArray<[string, EntryField, MatchHow]> = [
  // Ordinals, "Add." and "Col.", the kinds of goods, and more headings that most likely mean a field.
  ['1st Line Addr', 'address1', 'synonym'],
  ['2nd Line of Address', 'address2', 'synonym'],
  ['Email Add.', 'email', 'synonym'],
  ['Add 1', 'address1', 'synonym'],
  ['Col.', 'colour', 'synonym'],
  ['Col', 'colour', 'synonym'],
  ['Item', 'description', 'guess'],
  ['Item Type', 'description', 'guess'],
  ['Bed/Sofa', 'description', 'guess'],
  ['Sofa Price', 'total_value', 'guess'],
  ['Finish', 'colour', 'guess'],
  ['Style', 'model', 'guess'],
  ['Seater', 'total_seats', 'guess'],
  ['No. of Seaters', 'total_seats', 'guess'],
  ['Leather/Fabric', 'fabric', 'guess'],
  ['Sell Price', 'total_value', 'guess'],
  ['Cash Price', 'total_value', 'guess'],
  ['Amount', 'total_value', 'guess'],
  ['Line Value', 'total_value', 'guess'],
  ['Gross Written Premium', 'policy_premium', 'guess'],
  ['Certificate Reference', 'policy', 'guess'],
  ['Cert', 'policy', 'guess'],
  ['Branch Code', 'account_code', 'guess'],
  ['House Number', 'address1', 'guess'],
  ['Shipment Date', 'delivery_date', 'guess'],
  ['Fulfilled at', 'delivery_date', 'guess'],
  ['Fulfilled Date', 'delivery_date', 'guess'],
];

/** Headings that look like those above but are something else: never matched. */
const LOOK_ALIKES: readonly string[] = [
  'Add-ons',
  'Add On Cover',
  'Col 3',
  'Column',
  'Subtotal',
  'Line',
  'Line No',
  'Item Code',
  'Item Qty',
  'Bed Size',
  'Style No',
  'Finish Date',
  'Certificate Date',
  'Branch Name',
  'House Type',
  'Cover Start',
];

describe('heading corpus, continued', () => {
  it.each(CORPUS)('%j → %s by %s', (heading, field, how) => {
    expect(readHeading(heading)).toEqual({ field, how });
    expect(matchHeadings([heading])).toEqual([{ field, how, candidates: [] }]);
  });

  it.each(LOOK_ALIKES)('%j stays unmatched', (heading) => {
    expect(matchHeadings([heading])[0]).toMatchObject({ field: null, how: null });
  });
});
