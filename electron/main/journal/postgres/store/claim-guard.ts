import type { SubmissionRow } from '@shared/journal/types';
import type { Db, RetryHooks } from '../connection/db';

/**
 * Keeps track of the rows each sender id of this process holds in `sending`, so that a claim
 * whose connection dropped after it committed (the row is ours in the database, but never came
 * back, so it was never sent) does not stay `sending` until its lease runs out into `unknown`.
 * After such a claim, once no claim of that sender is in flight, every row of the sender's lease
 * that it does not hold is queued again (feed_desk.release_unsent). Claims wait while that runs,
 * so no row is released between its claim committing and its arrival here.
 */
export function claimGuard(db: Db) {
  const holding = new Map<string, Set<number>>();
  const inFlight = new Map<string, number>();
  const suspect = new Set<string>();
  let releasing: Promise<unknown> = Promise.resolve();
  let releasingNow = false;

  const heldBy = (owner: string) => {
    let ids = holding.get(owner);
    if (!ids) holding.set(owner, (ids = new Set()));
    return ids;
  };

  async function release(owner: string): Promise<void> {
    suspect.delete(owner);
    await db.rows('SELECT feed_desk.release_unsent($1, $2::bigint[])', [owner, [...heldBy(owner)]]);
  }

  return {
    /** Runs a claiming call of a sender, releasing what a dropped connection left behind once it is safe. */
    async run<T>(owner: string, call: (hooks: RetryHooks) => Promise<T>): Promise<T> {
      // Checked again after each wait: a release may have begun while this call waited for another.
      while (releasingNow) await releasing;
      inFlight.set(owner, (inFlight.get(owner) ?? 0) + 1);
      try {
        return await call({ onRetry: (ambiguous) => ambiguous && suspect.add(owner) });
      } finally {
        const left = (inFlight.get(owner) ?? 1) - 1;
        inFlight.set(owner, left);
        if (left === 0 && suspect.has(owner)) {
          releasingNow = true;
          releasing = release(owner)
            .catch(() => suspect.add(owner))
            .finally(() => (releasingNow = false));
          await releasing;
        }
      }
    },
    /** A row this sender now holds (it will be sent). */
    held(owner: string, row: SubmissionRow): SubmissionRow {
      heldBy(owner).add(row.id);
      return row;
    },
    /** A row this sender no longer holds (its outcome is recorded). */
    settled(owner: string, id: number): void {
      heldBy(owner).delete(id);
    },
  };
}
