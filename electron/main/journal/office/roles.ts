import { OfficePermissionError } from '../errors';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { OfficeConnectOptions, OfficeConnection } from '../postgres/connection/connect';
import { AUDIT_INSERT } from '../postgres/schema/names';
import { connectAsOwner } from './owner-session';

/** The two group roles of an office journal: clerks key, send and see; supervisors also resolve and review. */
export const OFFICE_ROLES = { clerk: 'feed_desk_clerk', supervisor: 'feed_desk_supervisor' } as const;
/** A person's role in the office journal. */
export type OfficeRole = keyof typeof OFFICE_ROLES;

/** Creates the group roles (cluster-wide, NOLOGIN) if missing; a supervisor is also a clerk. */
export const ROLES_SQL = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'feed_desk_clerk') THEN
    CREATE ROLE feed_desk_clerk NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'feed_desk_supervisor') THEN
    CREATE ROLE feed_desk_supervisor NOLOGIN;
  END IF;
  IF NOT pg_catalog.pg_has_role('feed_desk_supervisor', 'feed_desk_clerk', 'MEMBER') THEN
    GRANT feed_desk_clerk TO feed_desk_supervisor;
  END IF;
END $$;
`;

/**
 * What each group may do, applied on every init (idempotent). Clerks read the journal and change
 * rows only through the functions; they hold no UPDATE on any column of submissions. Supervisors
 * may also resolve, and update the review columns (stamped by a trigger).
 */
export const GRANTS_SQL = `
REVOKE ALL ON SCHEMA feed_desk FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA feed_desk FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA feed_desk FROM PUBLIC;
GRANT USAGE ON SCHEMA feed_desk TO feed_desk_clerk;
GRANT SELECT ON feed_desk.submissions, feed_desk.history, feed_desk.paused_profiles, feed_desk.schema_version,
  feed_desk.batches, feed_desk.batch_rows TO feed_desk_clerk;
GRANT SELECT, INSERT, UPDATE, DELETE ON feed_desk.drafts TO feed_desk_clerk;
GRANT EXECUTE ON FUNCTION feed_desk.queue, feed_desk.claim, feed_desk.claim_next,
  feed_desk.claim_due, feed_desk.record_outcomes,
  feed_desk.renew_leases, feed_desk.expire_leases, feed_desk.retry_waiting, feed_desk.rename_profile, feed_desk.is_supervisor, feed_desk.open_batch, feed_desk.queue_batch,
  feed_desk.set_batch_paused, feed_desk.settle_batch, feed_desk.is_text_object, feed_desk.release_unsent,
  feed_desk.leave_out, feed_desk.link_correction, feed_desk.unclaim TO feed_desk_clerk;
REVOKE EXECUTE ON FUNCTION feed_desk.set_paused, feed_desk.send_now FROM feed_desk_clerk;
-- The per-row record_outcome names no claim (no fencing): only record_outcomes records an outcome.
REVOKE EXECUTE ON FUNCTION feed_desk.record_outcome FROM feed_desk_clerk, feed_desk_supervisor;
GRANT UPDATE (reviewed_by, reviewed_at, review_note) ON feed_desk.submissions TO feed_desk_supervisor;
GRANT EXECUTE ON FUNCTION feed_desk.resolve, feed_desk.resend, feed_desk.set_paused, feed_desk.send_now TO feed_desk_supervisor;
GRANT SELECT ON feed_desk.retention, feed_desk.update_feed TO feed_desk_clerk;
-- Each checks for a supervisor itself, so a clerk is refused in plain words rather than "permission denied".
GRANT EXECUTE ON FUNCTION feed_desk.set_retention, feed_desk.purge_personal, feed_desk.find_person,
  feed_desk.person_rows, feed_desk.erase_person, feed_desk.set_update_feed TO feed_desk_clerk;
`;

/** The SQL an administrator can run by hand (psql as the owner) to add a person; then `\password NAME`. */
export function addUserSql(name: string, role: OfficeRole): string {
  const user = pg.escapeIdentifier(checkName(name));
  const other = OFFICE_ROLES[role === 'clerk' ? 'supervisor' : 'clerk'];
  return [
    `CREATE ROLE ${user} LOGIN;`,
    `GRANT ${OFFICE_ROLES[role]} TO ${user};`,
    ...(role === 'clerk' ? [`REVOKE ${other} FROM ${user};`] : []),
    `\\password ${user}`,
  ].join('\n');
}

/**
 * Whether role `r` (of pg_roles) is a person of the office journal: a direct member of one of its
 * groups (not a group itself), and neither a superuser nor the owner of its schema. pg_has_role is not enough: every
 * superuser is a member of everything, and on PostgreSQL 16 so is a group's creator.
 */
export const PERSON_ROLE = `(NOT r.rolsuper AND r.rolname NOT IN ('feed_desk_clerk', 'feed_desk_supervisor')
  AND r.oid IS DISTINCT FROM (SELECT nspowner FROM pg_catalog.pg_namespace WHERE nspname = 'feed_desk')
  AND EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
              WHERE m.member = r.oid AND g.rolname IN ('feed_desk_clerk', 'feed_desk_supervisor')))`;

/** A person the account asking may change: a person (PERSON_ROLE), and not that account itself. */
export const IS_PERSON = `(${PERSON_ROLE} AND r.rolname <> session_user)`;

/**
 * Creates a LOGIN role in the group (or moves an existing one there, leaving the other group), and
 * sets its password if given. The password is hashed here (SCRAM-SHA-256), so its plain text never
 * reaches the server or its logs.
 */
export async function addUser(
  ownerUrl: string | OfficeConnection | OfficeConnectOptions,
  name: string,
  role: OfficeRole,
  password?: string,
): Promise<{ created: boolean }> {
  const user = pg.escapeIdentifier(checkName(name));
  return connectAsOwner(ownerUrl, async (client) => {
    await client.query('BEGIN');
    try {
      const exists = await client.query<{ ours: boolean }>(
        `SELECT ${IS_PERSON} AS ours FROM pg_catalog.pg_roles r WHERE rolname = $1`,
        [name],
      );
      // An existing role is changed only when it is already a Feed Desk person: never a superuser,
      // the journal's owner, the account doing this, or any other account of the server.
      if (exists.rowCount && !exists.rows[0]?.ours) {
        throw new OfficePermissionError(`${name} already exists and is not a Feed Desk user: choose another name`);
      }
      const verifier = password === undefined ? '' : ` PASSWORD ${pg.escapeLiteral(scramVerifier(password))}`;
      await client.query(`${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${user} LOGIN${verifier}`);
      await client.query(`GRANT ${OFFICE_ROLES[role]} TO ${user}`);
      if (role === 'clerk') await client.query(`REVOKE ${OFFICE_ROLES.supervisor} FROM ${user}`);
      const audited = await client.query<{ ok: boolean }>(
        "SELECT pg_catalog.to_regclass('feed_desk.admin_audit') IS NOT NULL AS ok",
      );
      if (audited.rows[0]?.ok) {
        const what = `${name} as ${role}${password === undefined ? '' : ', with a new password'}`;
        await client.query(AUDIT_INSERT, [exists.rowCount ? 'person updated' : 'person added', what]);
      }
      await client.query('COMMIT');
      return { created: !exists.rowCount };
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  });
}

/** A usable database user name (1 to 63 bytes, no control characters, not a group role), or a plain refusal. */
export function checkName(name: string): string {
  if (!name || Buffer.byteLength(name) > 63 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new OfficePermissionError(`Not a usable database user name: ${JSON.stringify(name)} (1 to 63 bytes)`);
  }
  if (Object.values(OFFICE_ROLES).includes(name as never))
    throw new OfficePermissionError(`${name} is a group role, not a person`);
  return name;
}

/** SASLprep as PostgreSQL applies it, closely enough for real passwords: odd spaces to space, invisibles dropped, NFKC. */
function saslprep(password: string): string {
  const nothing = (c: number) =>
    c === 0xad ||
    c === 0x34f ||
    c === 0x1806 ||
    (c >= 0x180b && c <= 0x180d) ||
    (c >= 0x200b && c <= 0x200d) ||
    c === 0x2060 ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    c === 0xfeff;
  return [...password]
    .filter((ch) => !nothing(ch.codePointAt(0) ?? 0))
    .join('')
    .replace(/[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .normalize('NFKC');
}

/** The SCRAM-SHA-256 verifier PostgreSQL stores for a password (what libpq's PQencryptPasswordConn computes). */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(saslprep(password), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
