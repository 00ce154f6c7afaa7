import type { JournalState, SubmissionRow } from '@shared/journal/types';
import { markedAcceptedMessage } from '../accept-words';
import { erasedWords, JournalStateError } from '../errors';
import type { OpenCounts, QueueResult } from '../store';
import type { ActionSection } from '../store-sections';
import { linkCorrection, supersedeCorrected } from './corrections';
import { nowIso, promised, type Db } from './db';
import { findSendTwin } from './duplicate-guard';
import type { RawSubmission } from './rows';
import { toRow } from './rows';

type Actions = ActionSection;

/**
 * A person chooses to send again (unknown, failed, rejected or superseded rows). Unless
 * `allowDuplicate`, a row that would repeat another one the service stored or may store (see
 * findSendTwin) is held: nothing changes and that row is answered, in the same transaction.
 */
export function resendRow(
  db: Db,
  id: number,
  actor: string,
  note: string | null = null,
  allowDuplicate = false,
): QueueResult {
  const from = ['unknown', 'failed', 'rejected', 'superseded'] as const;
  return db.atomically((): QueueResult => {
    // A row in another state is refused by the transition, whatever its twins.
    const state = db.get(id)?.state;
    const erased = db.stmt('SELECT personal_removed_at AS at FROM submissions WHERE id = ?').get(id) as
      { at: string | null } | undefined;
    if (erased?.at) throw new JournalStateError(erasedWords(id));
    const duplicate = allowDuplicate || !from.some((s) => s === state) ? undefined : findSendTwin(db, id);
    if (duplicate) return { duplicate };
    const row = db.transition(
      id,
      from,
      'queued',
      { next_attempt_at: null, queued_at: nowIso(), lease_owner: null, superseded_by: null },
      actor,
      note ?? (allowDuplicate ? 'resend (possible duplicate confirmed)' : 'resend'),
    );
    return { row };
  });
}

/** A person discards a submission that will not be sent. */
export function discardRow(db: Db, id: number, actor: string, note: string | null = null): SubmissionRow {
  return db.transition(
    id,
    ['unknown', 'failed', 'rejected', 'queued'],
    'discarded',
    { next_attempt_at: null, finished_at: nowIso() },
    actor,
    note ?? 'discarded',
  );
}

/** A person records that the service did store it, under this recordid. */
function markAccepted(db: Db, id: number, recordid: number, actor: string, note: string | null): SubmissionRow {
  return db.atomically(() => {
    // The last attempt's status code and error stay: the message says what it was and who decided.
    const before = db.stmt('SELECT state, http_status FROM submissions WHERE id = ?').get(id) as
      { state: JournalState; http_status: number | null } | undefined;
    const message = before && markedAcceptedMessage(before.state, before.http_status, actor, recordid);
    const row = db.transition(
      id,
      ['unknown', 'failed'],
      'accepted',
      { recordid, finished_at: nowIso(), next_attempt_at: null, ...(message ? { message } : {}) },
      actor,
      note ?? `marked accepted with recordid ${recordid}`,
      before,
    );
    return supersedeCorrected(db, row, actor);
  });
}

/** A supervisor marks rows reviewed (who, when, note), also kept in each row's history; returns how many. */
function markReviewed(db: Db, ids: readonly number[], actor: string, note: string | null): number {
  return db.atomically(() => {
    const at = nowIso();
    let count = 0;
    for (const id of new Set(ids)) {
      const row = db
        .stmt(
          'UPDATE submissions SET reviewed_by = ?, reviewed_at = ?, review_note = ?, revision = revision + 1 WHERE id = ? RETURNING *',
        )
        .get(actor, at, note, id) as RawSubmission | undefined;
      if (!row) continue;
      db.addHistory(id, row.state, row.state, actor, at, note ? `reviewed: ${note}` : 'reviewed');
      db.changed(toRow(row));
      count += 1;
    }
    return count;
  });
}

/** Rows of a profile that still need sending or a person's decision (a removal is refused while any exist). */
function openCounts(db: Db, profile: string): OpenCounts {
  const rows = db
    .stmt(
      `SELECT state, count(*) AS n FROM submissions
         WHERE profile = ? AND state IN ('queued', 'sending', 'failed', 'unknown') GROUP BY state`,
    )
    .all(profile) as Array<{ state: keyof OpenCounts; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Carries every row and draft of a profile to its new name, so a rename leaves nothing behind. */
function renameProfileRows(db: Db, from: string, to: string): void {
  db.atomically(() => {
    db.stmt('UPDATE submissions SET profile = ?, revision = revision + 1 WHERE profile = ?').run(to, from);
    db.stmt('UPDATE drafts SET profile = ? WHERE profile = ?').run(to, from);
    db.stmt('UPDATE paused_profiles SET profile = ? WHERE profile = ?').run(to, from);
    db.stmt('UPDATE batches SET profile = ? WHERE profile = ?').run(to, from);
  });
}

/** Failed rows that wait for new credentials become due now (after the profile's credentials change). */
function retryWaiting(db: Db, profile: string): number {
  return db.atomically(() => {
    const rows = db
      .stmt(
        `SELECT id FROM submissions WHERE profile = ? AND state = 'failed' AND error_code IN ('credentials', 'keychain')`,
      )
      .all(profile) as Array<{ id: number }>;
    const now = new Date().toISOString();
    for (const { id } of rows) {
      db.transition(id, ['failed'], 'failed', { next_attempt_at: now }, 'system', 'credentials changed');
    }
    return rows.length;
  });
}

/** Profiles whose sending a person paused (for every sender of this journal: the app and the CLI). */
function pausedProfiles(db: Db): string[] {
  const rows = db.stmt('SELECT profile FROM paused_profiles ORDER BY profile').all() as Array<{ profile: string }>;
  return rows.map((r) => r.profile);
}

/** Pauses or resumes a profile's sending; rows already sending finish. Returns the paused profiles. */
function setPaused(db: Db, profile: string, paused: boolean, actor: string): string[] {
  if (paused) {
    db.stmt('INSERT OR IGNORE INTO paused_profiles (profile, paused_by, paused_at) VALUES (?, ?, ?)').run(
      profile,
      actor,
      new Date().toISOString(),
    );
  } else {
    db.stmt('DELETE FROM paused_profiles WHERE profile = ?').run(profile);
  }
  return pausedProfiles(db);
}

/**
 * "Send now": the profile's failed rows waiting for an automatic retry become due now (rows waiting
 * for credentials or a person are left alone), and its sending is resumed. Returns how many are due.
 */
function sendNow(db: Db, profile: string, actor: string): number {
  return db.atomically(() => {
    setPaused(db, profile, false, actor);
    const rows = db
      .stmt(`SELECT id FROM submissions WHERE profile = ? AND state = 'failed' AND next_attempt_at IS NOT NULL`)
      .all(profile) as Array<{ id: number }>;
    const now = new Date().toISOString();
    for (const { id } of rows) db.transition(id, ['failed'], 'failed', { next_attempt_at: now }, actor, 'send now');
    const queued = db
      .stmt(`SELECT count(*) AS n FROM submissions WHERE profile = ? AND state = 'queued'`)
      .get(profile) as {
      n: number;
    };
    return rows.length + queued.n;
  });
}

/** A person's decisions on rows, and a profile's rows as a whole; recorded under `operator`. */
export function actionMethods(db: Db, operator: string): Actions {
  return promised<Actions>({
    resend: (id, note, allowDuplicate) => resendRow(db, id, operator, note ?? null, allowDuplicate),
    markAccepted: (id, recordid, note) => markAccepted(db, id, recordid, operator, note ?? null),
    discard: (id, note) => discardRow(db, id, operator, note ?? null),
    linkCorrection: (id, corrects) => linkCorrection(db, id, corrects, operator),
    markReviewed: (ids, note) => markReviewed(db, ids, operator, note ?? null),
    openCounts: (profile) => openCounts(db, profile),
    renameProfile: (from, to) => renameProfileRows(db, from, to),
    retryWaiting: (profile) => retryWaiting(db, profile),
    paused: () => pausedProfiles(db),
    setPaused: (profile, paused) => setPaused(db, profile, paused, operator),
    sendNow: (profile) => sendNow(db, profile, operator),
  });
}
