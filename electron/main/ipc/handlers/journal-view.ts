import type { SubmissionRow } from '../../../../shared/journal/types';

/** A row as the Journal screen's list shows it (no payload). */
export function toListRow(row: SubmissionRow) {
  return {
    id: row.id,
    createdAt: row.createdAt,
    kind: row.kind,
    state: row.state,
    recordid: row.recordid,
    reference: row.reference,
    surname: row.surname,
    policy: row.policy,
    operator: row.operator,
    profile: row.profile,
    attempts: row.attempts,
    errorCode: row.errorCode,
    nextAttemptAt: row.nextAttemptAt,
    reviewedAt: row.reviewedAt,
    reviewedBy: row.reviewedBy,
  };
}
