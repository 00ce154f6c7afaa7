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
    journal.stmt('UPDATE paused_profiles SET profile = ? WHERE profile = ?').run(to, from);
    journal.stmt('UPDATE batches SET profile = ? WHERE profile = ?').run(to, from);
  });
}

/** Failed rows that wait for new credentials become due now (after the profile's credentials change). */
export function retryWaiting(journal: Journal, profile: string): number {
  return journal.atomically(() => {
    const rows = journal
      .stmt(
        `SELECT id FROM submissions WHERE profile = ? AND state = 'failed' AND error_code IN ('credentials', 'keychain')`,
      )
      .all(profile) as Array<{ id: number }>;
    const now = new Date().toISOString();
    for (const { id } of rows) {
      journal.transition(id, ['failed'], 'failed', { next_attempt_at: now }, 'system', 'credentials changed');
    }
    return rows.length;
  });
}

/** Profiles whose sending a person paused (for every sender of this journal: the app and the CLI). */
export function pausedProfiles(journal: Journal): string[] {
  const rows = journal.stmt('SELECT profile FROM paused_profiles ORDER BY profile').all() as Array<{ profile: string }>;
  return rows.map((r) => r.profile);
}

/** Pauses or resumes a profile's sending; rows already sending finish. Returns the paused profiles. */
export function setPaused(journal: Journal, profile: string, paused: boolean, actor: string): string[] {
  if (paused) {
    journal
      .stmt('INSERT OR IGNORE INTO paused_profiles (profile, paused_by, paused_at) VALUES (?, ?, ?)')
      .run(profile, actor, new Date().toISOString());
  } else {
    journal.stmt('DELETE FROM paused_profiles WHERE profile = ?').run(profile);
  }
  return pausedProfiles(journal);
}

/**
 * "Send now": the profile's failed rows waiting for an automatic retry become due now (rows waiting
 * for credentials or a person are left alone), and its sending is resumed. Returns how many are due.
 */
export function sendNow(journal: Journal, profile: string, actor: string): number {
  return journal.atomically(() => {
    setPaused(journal, profile, false, actor);
    const rows = journal
      .stmt(`SELECT id FROM submissions WHERE profile = ? AND state = 'failed' AND next_attempt_at IS NOT NULL`)
      .all(profile) as Array<{ id: number }>;
    const now = new Date().toISOString();
    for (const { id } of rows)
      journal.transition(id, ['failed'], 'failed', { next_attempt_at: now }, actor, 'send now');
    const queued = journal
      .stmt(`SELECT count(*) AS n FROM submissions WHERE profile = ? AND state = 'queued'`)
      .get(profile) as {
      n: number;
    };
    return rows.length + queued.n;
  });
}
