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

/** The states that need a person's attention: counted in the navigation badge, one click away. */
export const ATTENTION_STATES = ['unknown', 'failed', 'rejected'] as const satisfies readonly JournalState[];

/** What was submitted: a feed entry or a cancellation request. */
export const SUBMISSION_KINDS = ['entry', 'cancellation'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** Columns the journal list can be sorted by. */
export const SORT_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'state',
  'kind',
  'recordid',
  'reference',
  'surname',
  'policy',
  'operator',
  'profile',
  'attempts',
  'reviewed_at',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
