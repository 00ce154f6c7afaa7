import { ENTRY_FIELDS, type EntryField } from '@shared/entry/fields';

/** The form's values: every field as the text typed. */
export type EntryValues = Record<EntryField, string>;

/** An empty form. */
export function blankEntry(): EntryValues {
  return Object.fromEntries(ENTRY_FIELDS.map((f) => [f, ''])) as EntryValues;
}

/** True when two forms hold the same text in every field. */
export function sameValues(a: Partial<EntryValues>, b: Partial<EntryValues>): boolean {
  return ENTRY_FIELDS.every((f) => (a[f] ?? '') === (b[f] ?? ''));
}

/** Fields kept by "New entry keeping account and order details". */
export const KEPT_FIELDS: readonly EntryField[] = [
  'account_code',
  'purchase_date',
  'delivery_date',
  'order_number',
  'invoice_number',
  'sales_channel',
];

/** A draft read back from the journal, reduced to known fields with text values. */
export function fromDraft(payload: Record<string, string> | null): EntryValues {
  const values = blankEntry();
  for (const field of ENTRY_FIELDS) {
    const value = payload?.[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}
