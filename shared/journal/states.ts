/**
 * Journal states: queued → sending → accepted | rejected | failed | unknown; discarded by a person;
 * superseded: a rejected or failed row whose correction (a later row naming it) was accepted.
 */
export const JOURNAL_STATES = [
  'queued',
  'sending',
  'accepted',
  'rejected',
  'failed',
  'unknown',
  'discarded',
  'superseded',
] as const;
/** One of JOURNAL_STATES. */
export type JournalState = (typeof JOURNAL_STATES)[number];
