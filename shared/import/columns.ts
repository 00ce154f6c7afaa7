import { ENTRY_FIELDS, FIELD_LABELS, isEntryField, type EntryField } from '../entry/fields';
import type { EntryInput } from '../entry/schema';

/** The field each column of an imported file feeds, one per column; null for a column left out. */
export type ColumnMapping = Array<EntryField | null>;

/** A person's column choices, keyed by the column heading's headerKey, stored per profile. */
export type RememberedMapping = Record<string, EntryField | null>;

/** A heading reduced for matching: lower case, letters and digits only ("Address 1" → "address1"). */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Headings other systems and spreadsheets commonly use for a field, beside its name and label. */
const SYNONYMS: Partial<Record<EntryField, readonly string[]>> = {
  reference: ['Ref', 'Ref No', 'Your ref', 'Customer ref'],
  postcode: ['Post code', 'Postal code', 'Zip', 'Zip code'],
  email: ['Email address', 'E-mail address'],
  telephone: ['Tel', 'Tel No', 'Phone', 'Phone number', 'Telephone number', 'Mobile'],
  policy_premium: ['Premium'],
  total_value: ['Value'],
  order_number: ['Order No', 'Order ref'],
  invoice_number: ['Invoice No', 'Invoice ref'],
  address1: ['Address'],
  town: ['City'],
  colour: ['Color'],
};

/** The heading keys each field answers to: its name, its label, its label without "line", and its synonyms. */
const FIELD_KEYS: ReadonlyMap<string, EntryField> = new Map(
  ENTRY_FIELDS.flatMap((field) => {
    const label = FIELD_LABELS[field];
    const keys = [field, label, label.replace(/\bline\b/gi, ''), ...(SYNONYMS[field] ?? [])].map(headerKey);
    return keys.map((key): [string, EntryField] => [key, field]);
  }),
);

/**
 * Which field each column feeds: the person's remembered choice for that heading first, otherwise
 * the field whose name or label the heading spells. A field goes to the first column that claims it.
 */
export function matchColumns(header: readonly string[], remembered: RememberedMapping = {}): ColumnMapping {
  const keys = header.map(headerKey);
  const mapping: ColumnMapping = header.map(() => null);
  const taken = new Set<EntryField>();
  const claim = (column: number, field: EntryField | null | undefined) => {
    if (!field || taken.has(field)) return;
    taken.add(field);
    mapping[column] = field;
  };
  const isRemembered = (key: string) => key !== '' && Object.hasOwn(remembered, key);
  keys.forEach((key, column) => {
    const choice = isRemembered(key) ? remembered[key] : undefined;
    if (typeof choice === 'string' && isEntryField(choice)) claim(column, choice);
  });
  keys.forEach((key, column) => {
    if (!isRemembered(key)) claim(column, FIELD_KEYS.get(key));
  });
  return mapping;
}

/** The choices of a mapping keyed by heading, to store for the next file with the same headings. */
export function rememberMapping(header: readonly string[], mapping: ColumnMapping): RememberedMapping {
  const remembered: RememberedMapping = {};
  header.forEach((text, column) => {
    const key = headerKey(text);
    const field = mapping[column] ?? null;
    if (key !== '' && (!Object.hasOwn(remembered, key) || remembered[key] === null)) remembered[key] = field;
  });
  return remembered;
}

/** The required fields no column feeds, in the order given. */
export function missingRequired(mapping: ColumnMapping, requiredFields: readonly EntryField[]): EntryField[] {
  return requiredFields.filter((field) => !mapping.includes(field));
}

/** One row's mapped cells as entry input; fields without a column or a cell are left out. */
export function rowInput(cells: readonly string[], mapping: ColumnMapping): EntryInput {
  const input: EntryInput = {};
  mapping.forEach((field, column) => {
    const cell = cells[column];
    if (field && cell !== undefined) input[field] = cell;
  });
  return input;
}
