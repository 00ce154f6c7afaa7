import type { Lease } from '../store';
import { nowIso, type Db } from './db';

/** The history note of a row claimed ahead of its send and given back before it left. */
export const UNCLAIM_NOTE = 'claimed ahead, never sent: queued again';

/**
 * Rows `ids` that are still `sending` under `lease` go back to `queued` (their claim's attempt
 * taken back), with their history lines: one transaction. The caller names only rows it never
 * sent; rows in any other state, or held by another lease, are left alone. Returns how many moved.
 */
export function unclaim(db: Db, ids: readonly number[], lease: Lease): number {
  if (ids.length === 0) return 0;
  return db.atomically(() => {
    const at = nowIso();
    const moved = db
      .stmt(
        `UPDATE submissions SET state = 'queued', updated_at = @at, revision = revision + 1, attempts = max(attempts - 1, 0),
             sending_at = NULL, lease_expires_at = NULL
           WHERE id IN (SELECT value FROM json_each(@ids)) AND state = 'sending' AND lease_owner = @owner
           RETURNING id`,
      )
      .all({ at, ids: JSON.stringify(ids), owner: lease.owner }) as Array<{ id: number }>;
    if (moved.length === 0) return 0;
    db.stmt(
      `INSERT INTO history (submission_id, from_state, to_state, actor, at, note)
         SELECT value, 'sending', 'queued', 'system', @at, @note FROM json_each(@ids)`,
    ).run({ at, note: UNCLAIM_NOTE, ids: JSON.stringify(moved.map((m) => m.id)) });
    for (const { id } of moved) {
      const row = db.get(id);
      if (row) db.changed(row);
    }
    return moved.length;
  });
}
