import type { SubmissionRow } from '@shared/journal/types';
import type { SubmissionView } from '@shared/ipc/contract';

/** The renderer's view of a journal row. */
export function toView(row: SubmissionRow): SubmissionView {
  return {
    id: row.id,
    kind: row.kind,
    profile: row.profile,
    operator: row.operator,
    payload: row.payload,
    state: row.state,
    attempts: row.attempts,
    httpStatus: row.httpStatus,
    recordid: row.recordid,
    message: row.message,
    errorCode: row.errorCode,
    errorFields: row.errorFields,
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    corrects: row.corrects,
    supersededBy: row.supersededBy,
    revision: row.revision,
  };
}
