import type { Journal } from './journal';

/** How many of a profile's rows still need sending or a person, by state. */
export type OpenCounts = Partial<Record<'queued' | 'sending' | 'failed' | 'unknown', number>>;

/** Rows of a profile that still need sending or a person's decision (a removal is refused while any exist). */
export function openCounts(journal: Journal, profile: string): OpenCounts {
  const rows = journal
    .stmt(
      `SELECT state, count(*) AS n FROM submissions
         WHERE profile = ? AND state IN ('queued', 'sending', 'failed', 'unknown') GROUP BY state`,
    )
    .all(profile) as Array<{ state: keyof OpenCounts; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Carries every row and draft of a profile to its new name, so a rename leaves nothing behind. */
export function renameProfileRows(journal: Journal, from: string, to: string): void {
  journal.atomically(() => {
    journal.stmt('UPDATE submissions SET profile = ? WHERE profile = ?').run(to, from);
    journal.stmt('UPDATE drafts SET profile = ? WHERE profile = ?').run(to, from);
  });
}
