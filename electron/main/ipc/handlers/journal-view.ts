import type { SubmissionRow } from '@shared/journal/types';
import type { JournalStore } from '../../journal/store';

/** A row as the Journal screen's list shows it (no payload). */
export function toListRow(row: SubmissionRow) {
  return {
    id: row.id,
    createdAt: row.createdAt,
    kind: row.kind,
    state: row.state,
    recordid: row.recordid,
    originalRecordid: row.originalRecordid,
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

/**
 * Rows as the list shows them, a cancellation with the surname of the entry it cancels (found by
 * recordid in the same profile; its own surname column is empty): one read for the whole page.
 */
export async function toListRows(journal: JournalStore, rows: readonly SubmissionRow[]) {
  const key = (profile: string, recordid: number | null) => `${profile}\u0000${recordid}`;
  const cancelled = rows.flatMap((r) =>
    r.kind === 'cancellation' && r.originalRecordid !== null ? [r.originalRecordid] : [],
  );
  const originals = cancelled.length ? await journal.entriesFor([...new Set(cancelled)]) : [];
  const surnames = new Map<string, string>();
  // Newest first: an entry keyed again under the same recordid (a correction) names the customer.
  for (const o of originals)
    if (!surnames.has(key(o.profile, o.recordid))) surnames.set(key(o.profile, o.recordid), o.surname);
  return rows.map((r) => {
    const row = toListRow(r);
    return r.kind === 'cancellation'
      ? { ...row, surname: surnames.get(key(r.profile, r.originalRecordid)) ?? r.surname }
      : row;
  });
}
