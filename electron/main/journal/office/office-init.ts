import type pg from 'pg';
import type { OfficeConnectOptions, OfficeConnection } from '../postgres/connection/connect';
import { connectAsOwner } from './owner-session';
import { EVERY_INIT_SQL } from '../postgres/schema/functions';
import { PG_MIGRATIONS, VERSION_TABLE_SQL } from '../postgres/schema/migrations';
import { GRANTS_SQL, ROLES_SQL } from './roles';
import { refuseNewer, schemaVersion } from '../postgres/schema/version';
import { AUDIT_INSERT } from '../postgres/schema/names';

/** What an init did. */
export interface OfficeInitResult {
  from: number;
  to: number;
  /** Whether free text is served by a trigram index (pg_trgm installed). */
  trigram: boolean;
  /** Whether this init took CREATE on schema public away from PUBLIC (it had it, as PostgreSQL 13 and 14 give). */
  lockedPublic: boolean;
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
  return connectAsOwner(owner, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_catalog.pg_advisory_xact_lock($1::bigint)', [INIT_LOCK]);
      const from = await schemaVersion(client);
      refuseNewer(from, 'in this database');
      await client.query(ROLES_SQL);
      const lockedPublic = await lockPublicSchema(client);
      await tryTrigram(client);
      await client.query(VERSION_TABLE_SQL);
      for (let version = from; version < PG_MIGRATIONS.length; version += 1) {
        await client.query(PG_MIGRATIONS[version] ?? '');
        await client.query('INSERT INTO feed_desk.schema_version (version) VALUES ($1)', [version + 1]);
      }
      await client.query(EVERY_INIT_SQL);
      await client.query(GRANTS_SQL);
      const trigram = await client.query(
        "SELECT pg_catalog.to_regclass('feed_desk.submissions_text') IS NOT NULL AS ok",
      );
      const to = PG_MIGRATIONS.length;
      const did =
        from === 0
          ? `set up (schema ${to})`
          : from === to
            ? `checked (schema ${to})`
            : `upgraded (schema ${from} to ${to})`;
      await client.query(AUDIT_INSERT, [
        'office journal ' + did,
        lockedPublic ? 'CREATE on schema public taken from PUBLIC' : '',
      ]);
      await client.query('COMMIT');
      return { from, to, trigram: Boolean(trigram.rows[0]?.ok), lockedPublic };
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
    // Into public, which only its owner may create in now (the owner's search path holds no other schema).
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    await client.query('RELEASE SAVEPOINT trigram');
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT trigram');
  }
}

/** Who may create objects in schema public besides its owner: PUBLIC, or any person of the journal. */
const PUBLIC_CREATORS = `
SELECT 'PUBLIC' AS who FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
  WHERE n.nspname = 'public' AND a.grantee = 0 AND a.privilege_type = 'CREATE'
UNION ALL
SELECT r.rolname::text FROM pg_catalog.pg_roles r, pg_catalog.pg_namespace n
  WHERE n.nspname = 'public' AND r.rolcanlogin AND NOT r.rolsuper AND r.oid <> n.nspowner
    AND pg_catalog.pg_has_role(r.oid, 'feed_desk_clerk', 'MEMBER')
    AND pg_catalog.has_schema_privilege(r.oid, n.oid, 'CREATE')`;

/**
 * Takes CREATE on schema public away from PUBLIC (PostgreSQL 13 and 14 grant it), so no clerk can
 * plant a function there for an owner's session to call; refuses to go on while a non-owner still
 * may create there. Returns whether it took the privilege away.
 */
async function lockPublicSchema(client: pg.Client): Promise<boolean> {
  const schema = await client.query("SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = 'public'");
  if (!schema.rowCount) return false;
  const before = await client.query<{ who: string }>(PUBLIC_CREATORS);
  const open = before.rows.some((r) => r.who === 'PUBLIC');
  if (open) await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
  const after = await client.query<{ who: string }>(PUBLIC_CREATORS);
  if (after.rowCount) {
    throw new Error(
      `Schema public of this database lets ${after.rows.map((r) => r.who).join(', ')} create objects, and this ` +
        'account cannot take that away: its owner runs REVOKE CREATE ON SCHEMA public FROM PUBLIC (and from ' +
        'those people), then office init again. Nothing was changed.',
    );
  }
  return open;
}
