import type { HistoryRow, JournalState, SubmissionKind, SubmissionRow } from '@shared/journal/types';
import { readPayload } from '../payload-read';

/** A submissions row exactly as SQLite returns it. */
export interface RawSubmission {
  id: number;
  kind: SubmissionKind;
  profile: string;
  operator: string;
  payload: string;
  payload_hash: string;
  reference: string;
  policy: string;
  surname: string;
  postcode: string;
  original_recordid: number | null;
  state: JournalState;
  attempts: number;
  claim_token: number;
  http_status: number | null;
  recordid: number | null;
  message: string | null;
  error_code: string | null;
  error_fields: string | null;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  queued_at: string | null;
  sending_at: string | null;
  finished_at: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_note: string | null;
  batch_id: number | null;
  batch_row: number | null;
  corrects: number | null;
  superseded_by: number | null;
  revision: number;
}

/** Converts a raw row to the shape the rest of the app uses. */
export function toRow(r: RawSubmission): SubmissionRow {
  return {
    id: r.id,
    kind: r.kind,
    profile: r.profile,
    operator: r.operator,
    payload: readPayload(r.payload),
    reference: r.reference,
    policy: r.policy,
    surname: r.surname,
    postcode: r.postcode,
    originalRecordid: r.original_recordid,
    state: r.state,
    attempts: r.attempts,
    claim: r.claim_token,
    httpStatus: r.http_status,
    recordid: r.recordid,
    message: r.message,
    errorCode: r.error_code,
    errorFields: r.error_fields ? (JSON.parse(r.error_fields) as Record<string, string>) : null,
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    sendingAt: r.sending_at,
    finishedAt: r.finished_at,
    reviewedBy: r.reviewed_by,
    reviewedAt: r.reviewed_at,
    reviewNote: r.review_note,
    batchId: r.batch_id,
    batchRow: r.batch_row,
    corrects: r.corrects,
    supersededBy: r.superseded_by,
    revision: r.revision,
  };
}

/** A history row as SQLite returns it, converted. */
export function toHistory(r: {
  from_state: JournalState | null;
  to_state: JournalState;
  actor: string;
  at: string;
  note: string | null;
}): HistoryRow {
  return { fromState: r.from_state, toState: r.to_state, actor: r.actor, at: r.at, note: r.note };
}
