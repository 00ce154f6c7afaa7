import type { PrivacyStore, Retention } from '../../privacy-store';
import type { JournalStore } from '../../store';
import type { Db } from '../connection/db';
import { isoColumn, ROW_COLUMNS, toRow, type PgSubmission } from './rows';

const RETENTION = `SELECT days, set_by, ${isoColumn('set_at')} FROM`;

const toRetention = (
  r: { days: number | null; set_by: string | null; set_at: string | null } | undefined,
): Retention => ({
  days: r?.days ?? null,
  setBy: r?.set_by ?? null,
  setAt: r?.set_at ?? null,
});

/**
 * A person's data in the office journal: every call goes through a function of the database that
 * refuses anyone but a supervisor or the owner (OfficePermissionError) and does the removal itself.
 */
export function privacyMethods(db: Db): PrivacyStore {
  return {
    async find(person) {
      const rows = await db.rows<PgSubmission>(
        `SELECT ${ROW_COLUMNS} FROM feed_desk.find_person($1, $2, $3) s ORDER BY s.id`,
        'email' in person ? [person.email, null, null] : [null, person.surname, person.postcode],
      );
      return rows.map(toRow);
    },
    async rows(ids) {
      const rows = await db.rows<PgSubmission>(
        `SELECT ${ROW_COLUMNS} FROM feed_desk.person_rows($1::bigint[]) s ORDER BY s.id`,
        [[...new Set(ids)]],
      );
      return rows.map(toRow);
    },
    async erase(ids, reason, extra = []) {
      const row = await db.first<{ n: number }>('SELECT feed_desk.erase_person($1::bigint[], $2, $3::text[]) AS n', [
        [...new Set(ids)],
        reason,
        [...extra],
      ]);
      return Number(row?.n ?? 0);
    },
    async retention() {
      return toRetention(await db.first(`${RETENTION} feed_desk.retention`));
    },
    async setRetention(days) {
      return toRetention(await db.first(`${RETENTION} feed_desk.set_retention($1)`, [days]));
    },
    async purge(olderThanDays, extra = []) {
      const row = await db.first<{ n: number }>('SELECT feed_desk.purge_personal($1, $2::text[]) AS n', [
        olderThanDays ?? null,
        [...extra],
      ]);
      return Number(row?.n ?? 0);
    },
  };
}

const UPDATE_FEED = `SELECT url, set_by, ${isoColumn('set_at')} FROM`;
const toFeed = (r: { url: string | null; set_by: string | null; set_at: string | null } | undefined) => ({
  url: r?.url ?? null,
  setBy: r?.set_by ?? null,
  setAt: r?.set_at ?? null,
});

/** The office's update feed: every desk reads it; set through a function that admits supervisors and the owner. */
export function updateFeedMethods(db: Db): NonNullable<JournalStore['updateFeed']> {
  return {
    async get() {
      return toFeed(await db.first(`${UPDATE_FEED} feed_desk.update_feed`));
    },
    async set(url) {
      return toFeed(await db.first(`${UPDATE_FEED} feed_desk.set_update_feed($1)`, [url]));
    },
  };
}
