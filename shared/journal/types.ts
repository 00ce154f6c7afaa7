import { z } from 'zod';

// In a module without zod, for code that needs the states, kinds and columns but no schema (the
// screens: the Journal's chunk loads no schema library).
export * from './states';
import { JOURNAL_STATES, SORT_COLUMNS, SUBMISSION_KINDS, type JournalState, type SubmissionKind } from './states';

/** One journal row as the review screen, CLI and export see it (never a secret or token). */
export interface SubmissionRow {
  id: number;
  kind: SubmissionKind;
  profile: string;
  operator: string;
  payload: Record<string, string>;
  reference: string;
  policy: string;
  surname: string;
  postcode: string;
  originalRecordid: number | null;
  state: JournalState;
  attempts: number;
  /**
   * The fencing token of the row's latest claim: the store raises it with every claim (never
   * lowers it), and an outcome settles the row only when it names this claim.
   */
  claim: number;
  httpStatus: number | null;
  recordid: number | null;
  message: string | null;
  errorCode: string | null;
  errorFields: Record<string, string> | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Goes up with every change the journal makes to the row (both journals): the later of two copies has the higher one. */
  revision: number;
  sendingAt: string | null;
  finishedAt: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  reviewNote: string | null;
  /** The bulk import this row came from, and its row number in that file (a spreadsheet's numbering: header = 1). */
  batchId: number | null;
  batchRow: number | null;
  /** The rejected or failed row this one corrects (a new submission of it, fixed). */
  corrects: number | null;
  /** The accepted correction that superseded this row. */
  supersededBy: number | null;
}

/** One recorded change of state: who, when, and why. */
export interface HistoryRow {
  fromState: JournalState | null;
  toState: JournalState;
  actor: string;
  at: string;
  note: string | null;
}

/** Filters, sorting and paging of the journal list (review screen, CLI, export). */
export const journalFilterSchema = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  states: z.array(z.enum(JOURNAL_STATES)).max(JOURNAL_STATES.length).optional(),
  kind: z.enum(SUBMISSION_KINDS).optional(),
  operator: z.string().max(200).optional(),
  profile: z.string().max(200).optional(),
  text: z.string().max(200).optional(),
  /** Rows of this recordid: the entry stored under it and the cancellations filed for it. */
  recordid: z.number().int().min(1).optional(),
  /** Rows of one bulk import. */
  batch: z.number().int().min(1).optional(),
  reviewed: z.boolean().optional(),
  sort: z.enum(SORT_COLUMNS).default('id'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(100),
});
export type JournalFilter = z.input<typeof journalFilterSchema>;
