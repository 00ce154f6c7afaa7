/** The 26 feed entry fields in the order the service documents them; the wire order follows it. */
export const ENTRY_FIELDS = [
  'account_code',
  'reference',
  'title',
  'initials',
  'surname',
  'address1',
  'address2',
  'town',
  'county',
  'postcode',
  'email',
  'telephone',
  'policy',
  'total_seats',
  'total_value',
  'policy_premium',
  'description',
  'manufacturer',
  'model',
  'colour',
  'fabric',
  'purchase_date',
  'delivery_date',
  'order_number',
  'invoice_number',
  'sales_channel',
] as const;

/** One of the feed entry field names. */
export type EntryField = (typeof ENTRY_FIELDS)[number];

/** How a field's text is checked and normalised. */
export type FieldKind = 'text' | 'longtext' | 'email' | 'telephone' | 'postcode' | 'integer' | 'money' | 'date';

/** The kind of each field; fields not listed are plain single-line text. */
export const FIELD_KINDS: Partial<Record<EntryField, FieldKind>> = {
  email: 'email',
  telephone: 'telephone',
  postcode: 'postcode',
  total_seats: 'integer',
  total_value: 'money',
  policy_premium: 'money',
  purchase_date: 'date',
  delivery_date: 'date',
  description: 'longtext',
};

/** The kind of a field, defaulting to single-line text. */
export function fieldKind(field: EntryField): FieldKind {
  return FIELD_KINDS[field] ?? 'text';
}

/** Fields required unless a profile says otherwise (product brief). */
export const DEFAULT_REQUIRED: readonly EntryField[] = ['account_code', 'reference', 'surname', 'postcode', 'policy'];

const DEFAULT_MAX: Record<FieldKind, number> = {
  text: 100,
  longtext: 1000,
  email: 254,
  telephone: 20,
  postcode: 10,
  integer: 9,
  money: 15,
  date: 10,
};

/** Default maximum length of a field's normalised text. */
export function defaultMaxLength(field: EntryField): number {
  return DEFAULT_MAX[fieldKind(field)];
}

/** Human labels, used by the form, CSV import errors and the CLI. */
export const FIELD_LABELS: Record<EntryField, string> = {
  account_code: 'Account code',
  reference: 'Reference',
  title: 'Title',
  initials: 'Initials',
  surname: 'Surname',
  address1: 'Address line 1',
  address2: 'Address line 2',
  town: 'Town',
  county: 'County',
  postcode: 'Postcode',
  email: 'E-mail',
  telephone: 'Telephone',
  policy: 'Policy',
  total_seats: 'Total seats',
  total_value: 'Total value',
  policy_premium: 'Policy premium',
  description: 'Description',
  manufacturer: 'Manufacturer',
  model: 'Model',
  colour: 'Colour',
  fabric: 'Fabric',
  purchase_date: 'Purchase date',
  delivery_date: 'Delivery date',
  order_number: 'Order number',
  invoice_number: 'Invoice number',
  sales_channel: 'Sales channel',
};

/** The four sections of the New entry screen, in tab order. */
export const ENTRY_SECTIONS: ReadonlyArray<{ title: string; fields: readonly EntryField[] }> = [
  {
    title: 'Policy & account',
    fields: ['account_code', 'reference', 'policy', 'total_seats', 'total_value', 'policy_premium'],
  },
  {
    title: 'Customer',
    fields: [
      'title',
      'initials',
      'surname',
      'address1',
      'address2',
      'town',
      'county',
      'postcode',
      'email',
      'telephone',
    ],
  },
  { title: 'Item', fields: ['description', 'manufacturer', 'model', 'colour', 'fabric'] },
  { title: 'Order', fields: ['purchase_date', 'delivery_date', 'order_number', 'invoice_number', 'sales_channel'] },
];

/** Returns true when a string names a feed entry field. */
export function isEntryField(name: string): name is EntryField {
  return (ENTRY_FIELDS as readonly string[]).includes(name);
}

/** A validated, normalised entry: every field present as text (blank when not given). */
export type Entry = Record<EntryField, string>;
