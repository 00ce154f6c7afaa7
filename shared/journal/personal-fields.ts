import type { EntryField } from '../entry/fields';

/**
 * The fields of a submission that name or reach a customer (product brief, "Customer data"):
 * what diagnostics leave out and what retention and erasure remove. Kept apart from them:
 * recordid, reference, policy, account, amounts, dates and states.
 */
export const PERSONAL_FIELDS = [
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
] as const satisfies ReadonlyArray<EntryField>;

export type PersonalField = (typeof PERSONAL_FIELDS)[number];

const PERSONAL: ReadonlySet<string> = new Set(PERSONAL_FIELDS);

/** Whether a payload field holds personal data. */
export const isPersonalField = (name: string): name is PersonalField => PERSONAL.has(name);

/** What each personal field is, in the words of the notice an export carries. */
const KIND: Record<PersonalField, string> = {
  title: 'names',
  initials: 'names',
  surname: 'names',
  address1: 'addresses',
  address2: 'addresses',
  town: 'addresses',
  county: 'addresses',
  postcode: 'addresses',
  email: 'e-mail',
  telephone: 'telephone',
};

/** How the notice starts: how a reader tells the notice line of a CSV from a header. */
export const PERSONAL_NOTICE_START = 'Contains personal data of customers';

/**
 * The one notice every export holding personal data carries (a CSV's first line after `# `, a PDF's
 * footer), naming the kinds of data among `fields`: "Contains personal data of customers (names /
 * addresses / e-mail / telephone): keep it as your data-protection rules say". Without a comma,
 * semicolon, tab or quote mark, so a spreadsheet shows it in one cell whatever it splits on.
 */
export function personalDataNotice(fields: readonly PersonalField[]): string {
  const kinds = [...new Set(PERSONAL_FIELDS.filter((f) => fields.includes(f)).map((f) => KIND[f]))];
  return `${PERSONAL_NOTICE_START} (${kinds.join(' / ')}): keep it as your data-protection rules say`;
}

/**
 * Whether a table row is the notice line of an export (`# Contains personal data…` in its first cell
 * and nothing else, as Feed Desk writes it or a spreadsheet saves it again): bulk import skips it.
 */
export const isPersonalNoticeRow = (cells: readonly string[]): boolean =>
  (cells[0] ?? '').trim().startsWith(`# ${PERSONAL_NOTICE_START}`) && cells.slice(1).every((c) => c.trim() === '');
