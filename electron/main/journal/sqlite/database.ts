import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { JournalVersionError } from '../errors';
import { MIGRATIONS } from './migrations';

/**
 * Opens (creating if needed) the journal database: WAL, synchronous=FULL and foreign keys on
 * every open, then the numbered migrations. A newer schema is refused before anything is written.
 */
export function openDatabase(file: string): Database.Database {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    db.close();
    throw new JournalVersionError(
      `The journal ${file} was written by a newer Feed Desk (schema ${version}; this version knows up to ` +
        `${MIGRATIONS.length}). Update Feed Desk to open it; the journal was not changed.`,
    );
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Each step reads the version inside its own IMMEDIATE transaction: two processes opening a new
  // journal at once (the app and the CLI) apply each migration once, never twice. Foreign keys are
  // off while they run (a table rebuild drops and renames a parent table) and checked before each
  // commit, as SQLite's own procedure for schema changes does.
  db.pragma('foreign_keys = OFF');
  const step = db.transaction((): boolean => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current >= MIGRATIONS.length) return false;
    db.exec(MIGRATIONS[current] ?? '');
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0)
      throw new Error(`Journal migration ${current + 1} left ${broken.length} broken reference(s)`);
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  try {
    while (step.immediate());
  } finally {
    db.pragma('foreign_keys = ON');
  }
  return db;
}
