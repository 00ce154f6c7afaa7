import type { OpenCounts } from '../../store';
import type { ActionSection } from '../../store-sections';
import type { Db } from '../connection/db';
import { toRow, type PgSubmission } from './rows';

type Actions = ActionSection;

/**
 * What people do to rows and profiles. Resolving goes through feed_desk.resolve (supervisors
 * only); marking reviewed is a plain UPDATE of the review columns, which only supervisors are
 * granted and a trigger stamps with the database user. Refusals arrive as OfficePermissionError.
 */
export function actionMethods(db: Db): Actions {
  async function resolve(id: number, action: 'accept' | 'discard', recordid: number | null, note?: string | null) {
    const row = await db.first<PgSubmission>('SELECT * FROM feed_desk.resolve($1, $2, $3, $4)', [
      id,
      action,
      recordid,
      note ?? null,
    ]);
    if (!row) throw new Error('feed_desk.resolve returned nothing');
    return toRow(row);
  }
  const paused = async () =>
    (await db.rows<{ profile: string }>('SELECT profile FROM feed_desk.paused_profiles ORDER BY profile')).map(
      (r) => r.profile,
    );

  return {
    async resend(id, note, allowDuplicate) {
      const answer = await db.first<PgSubmission & { duplicate: boolean }>(
        'SELECT r.duplicate, (r.submission).* FROM feed_desk.resend($1, $2, $3) r',
        [id, note ?? null, allowDuplicate ?? false],
      );
      if (!answer) throw new Error('feed_desk.resend returned nothing');
      const row = toRow(answer);
      return answer.duplicate ? { duplicate: row } : { row };
    },
    markAccepted: (id, recordid, note) => resolve(id, 'accept', recordid, note),
    discard: (id, note) => resolve(id, 'discard', null, note),

    async linkCorrection(id, corrects) {
      const row = await db.first<PgSubmission>('SELECT * FROM feed_desk.link_correction($1, $2)', [id, corrects]);
      if (!row) throw new Error('feed_desk.link_correction returned nothing');
      return toRow(row);
    },

    async markReviewed(ids, note) {
      if (ids.length === 0) return 0;
      return db.count(
        `UPDATE feed_desk.submissions SET review_note = $2, reviewed_by = session_user, reviewed_at = now()
           WHERE id = ANY ($1::bigint[])`,
        [[...new Set(ids)], note ?? null],
      );
    },

    async openCounts(profile) {
      const rows = await db.rows<{ state: keyof OpenCounts; n: string }>(
        `SELECT state, count(*) AS n FROM feed_desk.submissions
           WHERE profile = $1 AND state IN ('queued', 'sending', 'failed', 'unknown') GROUP BY state`,
        [profile],
      );
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },

    async renameProfile(from, to) {
      await db.rows('SELECT feed_desk.rename_profile($1, $2)', [from, to]);
    },

    async retryWaiting(profile) {
      const result = await db.first<{ n: number }>('SELECT feed_desk.retry_waiting($1) AS n', [profile]);
      return Number(result?.n ?? 0);
    },

    paused,

    async setPaused(profile, pause) {
      await db.rows('SELECT feed_desk.set_paused($1, $2)', [profile, pause]);
      return paused();
    },

    async sendNow(profile) {
      const result = await db.first<{ n: number }>('SELECT feed_desk.send_now($1) AS n', [profile]);
      return Number(result?.n ?? 0);
    },
  };
}
