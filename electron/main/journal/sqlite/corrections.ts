import type { SubmissionRow } from '@shared/journal/types';
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
  return supersedeTwins(db, row, actor);
}

/**
 * Once entry `row` is accepted, the rejected and failed rows of its profile with the same policy
 * number (the same entry keyed again rather than corrected, its reference fixed or not) are superseded
 * by it, with the history line "superseded by #id (same policy)"; `row` names the latest
 * earlier one it corrects, unless it corrects a row already. Same transaction as the acceptance.
 */
function supersedeTwins(db: Db, row: SubmissionRow, actor: string): SubmissionRow {
  if (row.kind !== 'entry' || !row.policy) return row;
  const twins = db
    .stmt(
      `SELECT id FROM submissions WHERE profile = ? AND kind = 'entry' AND policy = ?
         AND state IN ('rejected', 'failed') AND id <> ? ORDER BY id`,
    )
    .all(row.profile, row.policy, row.id) as Array<{ id: number }>;
  const note = `superseded by #${row.id} (same policy)`;
  const at = new Date().toISOString();
  for (const { id } of twins) {
    const twin = db.get(id)!;
    db.transition(
      id,
      CORRECTABLE,
      'superseded',
      { superseded_by: row.id, next_attempt_at: null, finished_at: twin.finishedAt ?? at },
      actor,
      note,
    );
  }
  const earlier = twins.filter((t) => t.id < row.id).at(-1);
  if (!earlier || row.corrects !== null) return row;
  return db.transition(
    row.id,
    [row.state],
    row.state,
    { corrects: earlier.id },
    actor,
    `corrects #${earlier.id} (same policy)`,
  );
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
