import type { HistoryRow, JournalState, SubmissionKind, SubmissionRow } from '@shared/journal/types';
import { readPayload } from '../../payload-read';

type Time = Date | string | null;
type Int = number | string | null;

/** A submissions row as node-postgres returns it (bigint as text, timestamptz as Date, json parsed). */
export interface PgSubmission {
  id: Int;
  kind: SubmissionKind;
  profile: string;
  operator: string;
  payload: Record<string, string>;
  reference: string;
  policy: string;
  surname: string;
  postcode: string;
  original_recordid: Int;
  state: JournalState;
  attempts: number;
  claim_token: number;
  http_status: number | null;
  recordid: Int;
  message: string | null;
  error_code: string | null;
  error_fields: Record<string, string> | null;
  next_attempt_at: Time;
  created_at: Time;
  updated_at: Time;
  sending_at: Time;
  finished_at: Time;
  reviewed_by: string | null;
  reviewed_at: Time;
  review_note: string | null;
  batch_id: Int;
  batch_row: number | null;
  corrects: Int;
  superseded_by: Int;
  revision: Int;
}

/** A timestamp as the rest of the app writes it: ISO 8601 with milliseconds and Z. */
export function iso(value: Time): string | null {
  if (value === null) return null;
  if (typeof value === 'string' && ISO.test(value)) return value;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A timestamptz column formatted by the server exactly as toISOString() would (parsing Dates in JS costs more). */
export const isoColumn = (column: string, alias = column) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`;

/**
 * The columns a row is read with (from `feed_desk.submissions s`), times already formatted. Sort
 * with the table's columns (`s.created_at`), not these text aliases.
 */
export const ROW_COLUMNS = [
  's.id, s.kind, s.profile, s.operator, s.payload, s.reference, s.policy, s.surname, s.postcode',
  's.original_recordid, s.state, s.attempts, s.claim_token, s.http_status, s.recordid, s.message, s.error_code, s.error_fields',
  's.reviewed_by, s.review_note, s.batch_id, s.batch_row, s.corrects, s.superseded_by, s.revision',
  ...['next_attempt_at', 'created_at', 'updated_at', 'sending_at', 'finished_at', 'reviewed_at'].map((c) =>
    isoColumn(`s.${c}`, c),
  ),
].join(', ');

const int = (value: Int): number | null => (value === null ? null : Number(value));

/** Converts a row to the shape SQLite's journal gives (same fields, same formats). */
export function toRow(r: PgSubmission): SubmissionRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    profile: r.profile,
    operator: r.operator,
    payload: readPayload(r.payload),
    reference: r.reference,
    policy: r.policy,
    surname: r.surname,
    postcode: r.postcode,
    originalRecordid: int(r.original_recordid),
    state: r.state,
    attempts: r.attempts,
    claim: Number(r.claim_token),
    httpStatus: r.http_status,
    recordid: int(r.recordid),
    message: r.message,
    errorCode: r.error_code,
    errorFields: r.error_fields,
    nextAttemptAt: iso(r.next_attempt_at),
    createdAt: iso(r.created_at) ?? '',
    updatedAt: iso(r.updated_at) ?? '',
    sendingAt: iso(r.sending_at),
    finishedAt: iso(r.finished_at),
    reviewedBy: r.reviewed_by,
    reviewedAt: iso(r.reviewed_at),
    reviewNote: r.review_note,
    batchId: int(r.batch_id),
    batchRow: r.batch_row,
    corrects: int(r.corrects),
    supersededBy: int(r.superseded_by),
    revision: Number(r.revision),
  };
}

/** A history row as node-postgres returns it, converted. */
export function toHistory(r: {
  from_state: JournalState | null;
  to_state: JournalState;
  actor: string;
  at: Time;
  note: string | null;
}): HistoryRow {
  return { fromState: r.from_state, toState: r.to_state, actor: r.actor, at: iso(r.at) ?? '', note: r.note };
}
