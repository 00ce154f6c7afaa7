// The IPC schemas of the journal (journal:* answers, the row pushed by journal:changed), apart from
// the channel map that uses them.
import { z } from 'zod';
import { JOURNAL_STATES, SUBMISSION_KINDS, journalFilterSchema } from '../journal/types';

/** A journal row id. */
export const journalId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** A journal row as the renderer sees it. */
export const submissionViewSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(SUBMISSION_KINDS),
  profile: z.string(),
  operator: z.string(),
  payload: z.record(z.string(), z.string()),
  state: z.enum(JOURNAL_STATES),
  attempts: z.number().int(),
  httpStatus: z.number().int().nullable(),
  recordid: z.number().int().nullable(),
  message: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorFields: z.record(z.string(), z.string()).nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The rejected or failed row this one corrects, and the accepted correction that superseded this one. */
  corrects: z.number().int().nullable(),
  supersededBy: z.number().int().nullable(),
  /** Goes up with every change to the row: of two copies, the one with the higher revision is the later. */
  revision: z.number().int(),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

/** One row of the Journal screen's list: the columns it shows, no payload. */
export const journalListRowSchema = z.strictObject({
  id: z.number().int(),
  createdAt: z.string(),
  kind: z.enum(SUBMISSION_KINDS),
  state: z.enum(JOURNAL_STATES),
  recordid: z.number().int().nullable(),
  /** A cancellation's: the recordid of the entry it cancels (whose surname `surname` then is). */
  originalRecordid: z.number().int().nullable(),
  reference: z.string(),
  surname: z.string(),
  policy: z.string(),
  operator: z.string(),
  profile: z.string(),
  attempts: z.number().int(),
  errorCode: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type JournalListRow = z.infer<typeof journalListRowSchema>;

/** One recorded change: who, when, from which state to which, and why. */
export const historyViewSchema = z.strictObject({
  fromState: z.enum(JOURNAL_STATES).nullable(),
  toState: z.enum(JOURNAL_STATES),
  actor: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});

/** Everything the detail view shows of one row. */
export const journalDetailSchema = z.strictObject({
  row: submissionViewSchema.extend({
    reference: z.string(),
    surname: z.string(),
    policy: z.string(),
    originalRecordid: z.number().int().nullable(),
    updatedAt: z.string(),
    reviewedBy: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    reviewNote: z.string().nullable(),
  }),
  history: z.array(historyViewSchema),
  /** The parts as sent on the wire (name, value) with the profile's rules; null once the profile is gone. */
  wire: z.array(z.tuple([z.string(), z.string()])).nullable(),
  /**
   * The rows linked through the recordid, in the same profile: for an entry, the cancellations
   * filed for it; for a cancellation, the original entry (and any other cancellation of it).
   */
  links: z.array(journalListRowSchema.extend({ originalRecordid: z.number().int().nullable() })),
});
export type JournalDetail = z.infer<typeof journalDetailSchema>;

export const stateCounts = z.partialRecord(z.enum(JOURNAL_STATES), z.number().int());
export const dateRange = z.strictObject({ from: z.iso.date(), to: z.iso.date() });
/**
 * Whether an export holds the customers' personal fields (then it says so in its first line or
 * footer), or leaves them out ("Without personal details").
 */
export const personal = { personal: z.boolean().default(true) };
/** The filter of an export: the list's filter without its window. */
export const exportFilter = journalFilterSchema.omit({ offset: true, limit: true }).extend(personal);

/** A daily summary over a date range. */
export const journalReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  byState: stateCounts,
  byOperator: z.array(z.strictObject({ name: z.string(), total: z.number().int(), states: stateCounts })),
  byProfile: z.array(z.strictObject({ name: z.string(), total: z.number().int(), states: stateCounts })),
  /** Unknown and rejected rows of the range, oldest first (at most 500; `attentionTotal` says how many). */
  attention: z.array(journalListRowSchema.extend({ message: z.string().nullable() })),
  attentionTotal: z.number().int(),
  /** Superseded rows of the range, oldest first, each with the accepted row that corrected it (at most 500). */
  corrected: z.array(journalListRowSchema.extend({ supersededBy: z.number().int().nullable() })),
  generatedAt: z.string(),
});
export type JournalReport = z.infer<typeof journalReportSchema>;
