import type { SubmissionRow } from '@shared/journal/types';
import type { ChangeFeed } from '../connection/changes';

/** How often a desk without live announcements looks for changed rows. */
export const REFRESH_MS = 10_000;

/** What one look returns: the rows changed since a time of the database's clock, and its clock now. */
export type ReadSince = (since: string | null) => Promise<{ rows: SubmissionRow[]; now: string }>;

/**
 * A change feed for a desk whose announcements never arrive (a pooler in transaction mode): every
 * `everyMs` it reads the rows changed since its last look (with a margin for transactions that
 * committed late) and calls the listeners with each one it has not passed on in that form yet.
 * Screens then lag by up to `everyMs`, which the desk says (JournalLocation's note).
 */
export function refreshChanges(
  readSince: ReadSince,
  onError: (err: unknown) => void,
  everyMs = REFRESH_MS,
): ChangeFeed {
  const listeners = new Set<(row: SubmissionRow) => void>();
  const passed = new Map<number, string>();
  let since: string | null = null;
  let looking: Promise<void> | undefined;
  const look = async () => {
    const { rows, now } = await readSince(since);
    since = now;
    for (const row of rows) {
      const form = `${row.updatedAt} ${row.state} ${row.reviewedAt ?? ''}`;
      if (passed.get(row.id) === form) continue;
      passed.set(row.id, form);
      for (const listener of [...listeners]) listener(row);
    }
    if (passed.size > 10_000) passed.clear();
  };
  const tick = () => {
    looking ??= look()
      .catch(onError)
      .finally(() => (looking = undefined));
  };
  tick(); // the first look only reads the database's clock: changes from then on are passed on
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      clearInterval(timer);
      await looking;
    },
  };
}
