import type Database from 'better-sqlite3';

/** A half-typed form as last autosaved. */
export interface Draft {
  profile: string;
  payload: unknown;
  updatedAt: string;
}

/** Autosaved drafts, one per screen, kept in the journal database so a crash loses nothing. */
export class Drafts {
  constructor(private readonly db: Database.Database) {}

  save(screen: string, profile: string, payload: unknown): void {
    this.db
      .prepare(
        `INSERT INTO drafts (screen, profile, payload, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (screen) DO UPDATE SET profile = excluded.profile, payload = excluded.payload, updated_at = excluded.updated_at`,
      )
      .run(screen, profile, JSON.stringify(payload), new Date().toISOString());
  }

  get(screen: string): Draft | undefined {
    const row = this.db.prepare('SELECT profile, payload, updated_at FROM drafts WHERE screen = ?').get(screen) as
      { profile: string; payload: string; updated_at: string } | undefined;
    return row && { profile: row.profile, payload: JSON.parse(row.payload) as unknown, updatedAt: row.updated_at };
  }

  delete(screen: string): void {
    this.db.prepare('DELETE FROM drafts WHERE screen = ?').run(screen);
  }
}
