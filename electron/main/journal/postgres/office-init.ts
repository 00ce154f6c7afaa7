import type pg from 'pg';
import { connectOnce, type OfficeConnectOptions, type OfficeConnection } from './connect';
import { ENSURE_SQL, PG_MIGRATIONS, VERSION_TABLE_SQL } from './migrations';
import { GRANTS_SQL, ROLES_SQL } from './roles';
import { refuseNewer, schemaVersion } from './version';

/** What an init did. */
export interface OfficeInitResult {
  from: number;
  to: number;
  /** Whether free text is served by a trigram index (pg_trgm installed). */
  trigram: boolean;
}

/** One lock key for inits of this database, so two administrators cannot run migrations at once. */
const INIT_LOCK = 7_146_315_201;

/**
 * Sets up (or upgrades) the office journal, run once by an administrator with an owner account:
 * the schema through the numbered migrations, the group roles feed_desk_clerk and
 * feed_desk_supervisor, and their grants. One transaction; running it again changes nothing. A
 * journal of a newer schema is refused before anything is written.
 */
export async function officeInit(owner: string | OfficeConnection | OfficeConnectOptions): Promise<OfficeInitResult> {
  return connectOnce(owner, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [INIT_LOCK]);
      const from = await schemaVersion(client);
      refuseNewer(from, 'in this database');
      await tryTrigram(client);
      await client.query(VERSION_TABLE_SQL);
      await client.query(ROLES_SQL);
      for (let version = from; version < PG_MIGRATIONS.length; version += 1) {
        await client.query(PG_MIGRATIONS[version] ?? '');
        await client.query('INSERT INTO feed_desk.schema_version (version) VALUES ($1)', [version + 1]);
      }
      await client.query(ENSURE_SQL);
      await client.query(GRANTS_SQL);
      const trigram = await client.query("SELECT to_regclass('feed_desk.submissions_text') IS NOT NULL AS ok");
      await client.query('COMMIT');
      return { from, to: PG_MIGRATIONS.length, trigram: Boolean(trigram.rows[0]?.ok) };
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  });
}

/** Installs pg_trgm if this account may (it is a trusted extension from PostgreSQL 13); fine if not. */
async function tryTrigram(client: pg.Client): Promise<void> {
  await client.query('SAVEPOINT trigram');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await client.query('RELEASE SAVEPOINT trigram');
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT trigram');
  }
}
