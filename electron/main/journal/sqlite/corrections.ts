import type { SubmissionRow } from '../../../../shared/journal/types';
import { JournalStateError } from '../errors';
import type { Db } from './db';

/** The states a correction can supersede: rows that wait for a person. */
const CORRECTABLE = ['rejected', 'failed'] as const;

/**
 * Once `row` (a correction) is accepted, the rejected or failed row it corrects becomes
 * superseded and names it back, with a history line "superseded by #id"; so does each earlier
 * rejected or failed row along the chain (a correction that was itself refused and corrected).
 * Call inside the transaction that accepted `row`; does nothing otherwise. Returns `row`.
 */
export function supersedeCorrected(db: Db, row: SubmissionRow, actor: string): SubmissionRow {
  if (row.state !== 'accepted') return row;
  let by = row;
  // Each link names a smaller id (linkCorrection checks), so the walk ends.
  while (by.corrects !== null) {
    const original = db.get(by.corrects);
    if (!original || !(CORRECTABLE as readonly string[]).includes(original.state)) break;
    db.transition(
      original.id,
      CORRECTABLE,
      'superseded',
      { superseded_by: by.id, next_attempt_at: null, finished_at: original.finishedAt ?? new Date().toISOString() },
      actor,
      `superseded by #${by.id}`,
    );
    by = original;
  }
  return row;
}

/**
 * Records that row `id` corrects row `corrects`: a later row of the same kind and profile,
 * correcting a rejected or failed one. If `id` is accepted already, `corrects` is superseded now.
 * Linking the same pair again changes nothing.
 */
export function linkCorrection(db: Db, id: number, corrects: number, actor: string): SubmissionRow {
  return db.atomically(() => {
    const row = db.get(id);
    if (!row) throw new JournalStateError(`No journal entry ${id}`);
    const original = db.get(corrects);
    if (!original) throw new JournalStateError(`No journal entry ${corrects}`);
    if (row.corrects === corrects) return row;
    if (row.corrects !== null || id <= corrects || row.kind !== original.kind || row.profile !== original.profile) {
      throw new JournalStateError(
        `Journal entry ${id} cannot correct entry ${corrects}: a correction is a later ${original.kind} of the same profile, correcting one entry`,
      );
    }
    if (!(CORRECTABLE as readonly string[]).includes(original.state)) {
      throw new JournalStateError(
        `Journal entry ${corrects} is ${original.state}: only a rejected or failed entry is corrected`,
      );
    }
    const linked = db.transition(id, [row.state], row.state, { corrects }, actor, `corrects #${corrects}`);
    return supersedeCorrected(db, linked, actor);
  });
}
