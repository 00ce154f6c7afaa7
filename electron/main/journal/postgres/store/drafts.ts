import type { JournalStore } from '../../store';
import type { Db } from '../connection/db';
import { iso } from './rows';

/**
 * Drafts of the signed-in database user: the table's row-level security keeps each user's drafts
 * to that user, so two clerks on one screen never see each other's half-typed forms.
 */
export function draftMethods(db: Db): JournalStore['drafts'] {
  return {
    async get(screen) {
      const row = await db.first<{ profile: string; payload: unknown; corrects: string | null; updated_at: Date }>(
        `SELECT profile, payload, corrects, updated_at FROM feed_desk.drafts
          WHERE db_user = session_user AND screen = $1`,
        [screen],
      );
      return (
        row && {
          profile: row.profile,
          payload: row.payload,
          corrects: row.corrects === null ? null : Number(row.corrects),
          updatedAt: iso(row.updated_at) ?? '',
        }
      );
    },
    async save(screen, profile, payload, corrects = null) {
      await db.rows(
        `INSERT INTO feed_desk.drafts (screen, profile, payload, corrects, updated_at) VALUES ($1, $2, $3::json, $4, now())
         ON CONFLICT (db_user, screen) DO UPDATE SET profile = excluded.profile, payload = excluded.payload,
           corrects = excluded.corrects, updated_at = excluded.updated_at`,
        [screen, profile, JSON.stringify(payload) ?? 'null', corrects],
      );
    },
    async delete(screen) {
      await db.rows('DELETE FROM feed_desk.drafts WHERE db_user = session_user AND screen = $1', [screen]);
    },
  };
}
