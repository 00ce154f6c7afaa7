import pg from 'pg';
import { OfficePermissionError } from '../errors';
import { AUDIT_INSERT } from '../postgres/schema/names';
import type { OfficeConnectOptions } from '../postgres/connection/connect';
import { connectAsOwner } from './owner-session';
import { OfficeSetupError } from '../postgres/schema/version';
import { checkName, IS_PERSON, OFFICE_ROLES, PERSON_ROLE, type OfficeRole } from './roles';

/** A person of the office journal: their database user, their group, and whether they may sign in. */
export interface OfficePerson {
  name: string;
  role: OfficeRole;
  canSignIn: boolean;
}

/** One line of the administration audit. */
export interface AuditLine {
  at: string;
  actor: string;
  action: string;
  detail: string;
}

/** Who the session's user is to the office journal: its owner, or a clerk's or supervisor's group member. */
const WHO_SQL = `
SELECT session_user AS name,
       coalesce(pg_catalog.pg_has_role(session_user, n.nspowner, 'MEMBER'), false) AS owner,
       pg_catalog.pg_has_role(session_user, 'feed_desk_supervisor', 'MEMBER') AS supervisor
  FROM (SELECT 1) AS one LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = 'feed_desk'`;

/** Every person of the journal (PERSON_ROLE), able to sign in or not; never a superuser or the owner. */
const PEOPLE_SQL = `
SELECT r.rolname AS name,
       pg_catalog.pg_has_role(r.oid, 'feed_desk_supervisor', 'MEMBER') AS supervisor,
       r.rolcanlogin AS "canSignIn"
  FROM pg_catalog.pg_roles r
 WHERE ${PERSON_ROLE}
 ORDER BY r.rolname`;

/** Whether this connection's user owns the office journal. */
async function isOwner(client: pg.ClientBase): Promise<boolean> {
  const who = await client.query<{ owner: boolean }>(WHO_SQL);
  return Boolean(who.rows[0]?.owner);
}

/**
 * The journal's people, read by its owner or a supervisor; a clerk is refused (the list is the
 * supervisors' to see, the owner's to change).
 */
export async function listPeople(options: OfficeConnectOptions): Promise<OfficePerson[]> {
  return connectAsOwner(options, async (client) => {
    const who = (await client.query<{ name: string; owner: boolean; supervisor: boolean }>(WHO_SQL)).rows[0];
    if (!who?.owner && !who?.supervisor) {
      throw new OfficePermissionError(
        `${who?.name ?? 'This user'} is a clerk: only supervisors and the journal's owner see who may sign in.`,
      );
    }
    const people = await client.query<{ name: string; supervisor: boolean; canSignIn: boolean }>(PEOPLE_SQL);
    return people.rows.map((p) => ({
      name: p.name,
      role: p.supervisor ? 'supervisor' : 'clerk',
      canSignIn: p.canSignIn,
    }));
  });
}

/**
 * Runs an owner's change in one transaction with its audit line; anyone but the journal's owner is
 * refused before anything is changed.
 */
export async function asOwner<T>(
  options: OfficeConnectOptions,
  audit: (result: T) => { action: string; detail: string },
  change: (client: pg.Client) => Promise<T>,
): Promise<T> {
  return connectAsOwner(options, async (client) => {
    if (!(await isOwner(client))) {
      throw new OfficePermissionError(
        `${client.user ?? 'This user'} is not the owner of the office journal: only its owner changes who may sign in ` +
          'and how. Sign in with the owner account.',
      );
    }
    await client.query('BEGIN');
    try {
      const result = await change(client);
      const line = audit(result);
      await client.query(AUDIT_INSERT, [line.action, line.detail]);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  });
}

/** Refuses a name that is not one of the journal's people (an administrator's own role is never changed here). */
async function requirePerson(client: pg.ClientBase, name: string): Promise<void> {
  const found = await client.query(`SELECT 1 FROM pg_catalog.pg_roles r WHERE rolname = $1 AND ${IS_PERSON}`, [
    checkName(name),
  ]);
  if (!found.rowCount) throw new OfficePermissionError(`${name} is not a person of this office journal`);
}

/** Moves a person to the clerks or the supervisors (a supervisor is also a clerk). */
export function setRole(owner: OfficeConnectOptions, name: string, role: OfficeRole): Promise<void> {
  return asOwner(
    owner,
    () => ({ action: 'role changed', detail: `${name} is now a ${role}` }),
    async (client) => {
      await requirePerson(client, name);
      const user = pg.escapeIdentifier(name);
      if (role === 'supervisor') await client.query(`GRANT ${OFFICE_ROLES.supervisor} TO ${user}`);
      else await client.query(`REVOKE ${OFFICE_ROLES.supervisor} FROM ${user}`);
    },
  );
}

/** Lets a person sign in, or stops them (their rows and history stay; sessions open now end at their next sign-in). */
export function setSignIn(owner: OfficeConnectOptions, name: string, canSignIn: boolean): Promise<void> {
  return asOwner(
    owner,
    () => ({ action: canSignIn ? 'sign-in allowed' : 'sign-in turned off', detail: name }),
    async (client) => {
      await requirePerson(client, name);
      await client.query(`ALTER ROLE ${pg.escapeIdentifier(name)} ${canSignIn ? 'LOGIN' : 'NOLOGIN'}`);
    },
  );
}

/** The newest lines of the administration audit (the owner's to read). */
export async function readAudit(owner: OfficeConnectOptions, limit = 200): Promise<AuditLine[]> {
  return connectAsOwner(owner, async (client) => {
    if (!(await isOwner(client))) {
      throw new OfficePermissionError(
        `${client.user ?? 'This user'} is not the owner of the office journal: only its owner reads the audit.`,
      );
    }
    const present = await client.query<{ ok: boolean }>(
      "SELECT pg_catalog.to_regclass('feed_desk.admin_audit') IS NOT NULL AS ok",
    );
    if (!present.rows[0]?.ok) {
      throw new OfficeSetupError('This office journal is older than this Feed Desk: set it up again to upgrade it.');
    }
    const lines = await client.query<{ at: Date; actor: string; action: string; detail: string }>(
      'SELECT at, actor, action, detail FROM feed_desk.admin_audit ORDER BY id DESC LIMIT $1',
      [limit],
    );
    return lines.rows.map((l) => ({ at: l.at.toISOString(), actor: l.actor, action: l.action, detail: l.detail }));
  });
}
