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
