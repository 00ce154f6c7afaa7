import type { JournalStore } from '../store';
import { nowIso, promised, type Db } from './db';

/** Autosaved drafts, one per screen, kept in the journal database so a crash loses nothing. */
export function draftMethods(db: Db): JournalStore['drafts'] {
  return promised<JournalStore['drafts']>({
    save: (screen, profile, payload, corrects = null) => {
      db.stmt(
        `INSERT INTO drafts (screen, profile, payload, corrects, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (screen) DO UPDATE SET profile = excluded.profile, payload = excluded.payload,
           corrects = excluded.corrects, updated_at = excluded.updated_at`,
      ).run(screen, profile, JSON.stringify(payload), corrects, nowIso());
    },
    get: (screen) => {
      const row = db.stmt('SELECT profile, payload, corrects, updated_at FROM drafts WHERE screen = ?').get(screen) as
        { profile: string; payload: string; corrects: number | null; updated_at: string } | undefined;
      return (
        row && {
          profile: row.profile,
          payload: JSON.parse(row.payload) as unknown,
          corrects: row.corrects,
          updatedAt: row.updated_at,
        }
      );
    },
    delete: (screen) => {
      db.stmt('DELETE FROM drafts WHERE screen = ?').run(screen);
    },
  });
}
