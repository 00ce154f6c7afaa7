import pg from 'pg';
import type { JournalLocation, JournalStore } from '../../store';
import { actionMethods } from './actions';
import { batchMethods } from './batches';
import { FeedDeafError, listenForChanges, type ChangeFeed } from '../connection/changes';
import { label, officeTargets, type OfficeConnectOptions } from '../connection/connect';
import { wrapPool } from '../connection/db';
import { draftMethods } from './drafts';
import { JournalUnreachableError, OfficeConnectionError, OfficePermissionError } from '../../errors';
import { isUnreachable } from '../connection/errors';
import { privacyMethods, updateFeedMethods } from './privacy';
import { queryMethods } from './queries';
import { refreshChanges, REFRESH_MS } from './refresh';
import { ROW_COLUMNS, toRow, type PgSubmission } from './rows';
import { OfficeServers, targetLabel } from '../connection/servers';
import { CHANGE_CHANNEL } from '../schema/names';
import { sendingMethods } from './sending';
import { requireCurrent, schemaVersion } from '../schema/version';

/**
 * Where the office journal is and how to sign in; at most `poolSize` connections (3 by default)
 * plus one listening for changes: 4 per desk.
 */
export interface PostgresStoreOptions extends OfficeConnectOptions {
  poolSize?: number;
  /** How long a call waits out an unreachable database (120 s by default). */
  outageMs?: number;
  /**
   * How long one try of a call waits for the database's answer (20 s by default, above the
   * session's 15 s statement_timeout): what catches a commit held for a synchronous standby.
   */
  answerMs?: number;
  /**
   * Where the desk listens for other desks' changes when `url` goes through a pooler in
   * transaction mode (which passes no announcements on): the database itself, or a pooler in
   * session mode. Without it, and with a pooler that passes none on, screens refresh every 10 s.
   */
  listenUrl?: string;
}

/** Enough for an outbox of 4 (a connection is held per statement, never across a send) and the screens. */
const POOL_SIZE = 3;

const ROWS_BY_ID = `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s WHERE id = ANY ($1::bigint[])`;
const ROWS_SINCE = `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s
  WHERE s.updated_at > $1::timestamptz - interval '30 seconds' OR s.reviewed_at > $1::timestamptz - interval '30 seconds'`;

/**
 * Opens the office journal (PostgreSQL) as the signed-in database user, after checking it is set
 * up at this Feed Desk's schema (a newer one is refused untouched) and that the user belongs to
 * feed_desk_clerk or feed_desk_supervisor. Same semantics as the SQLite journal; who did
 * something is recorded by the database. Changes from every desk arrive through LISTEN/NOTIFY.
 */
export async function createPostgresStore(options: PostgresStoreOptions | string): Promise<JournalStore> {
  const given: PostgresStoreOptions = typeof options === 'string' ? { url: options } : options;
  const servers = new OfficeServers(given, 'desk');
  const pool = new pg.Pool({ ...servers.target, Client: servers.poolClient(), max: given.poolSize ?? POOL_SIZE });
  pool.on('error', () => undefined); // an idle connection was dropped: the pool opens another when needed
  let where = targetLabel(servers.target);
  const db = wrapPool(pool, { where: () => where, outageMs: given.outageMs, answerMs: given.answerMs });
  try {
    const location = await signIn(servers);
    where = location.label;
    const { feed, note } = await changeFeed(given, servers, db);
    let closing: Promise<void> | undefined;
    return {
      location: note ? { ...location, note } : location,
      onChange: feed.onChange,
      close() {
        closing ??= feed.close().then(() => pool.end());
        return closing;
      },
      onHealth: db.onHealth,
      commits: () => db.commits,
      ...sendingMethods(db, location.user),
      ...actionMethods(db),
      ...queryMethods(db),
      batches: batchMethods(db),
      privacy: privacyMethods(db),
      updateFeed: updateFeedMethods(db),
      drafts: draftMethods(db),
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/**
 * The listen URL's connection settings: its own, and the journal's stored password only when it
 * names the journal's own user on one of the journal's own hosts (a pooler's database behind it),
 * checked by the same TLS settings (the keychain's password is bound to them):
 * a password from the keychain never goes to another server or account.
 */
function listenOptions(url: string, given: PostgresStoreOptions): OfficeConnectOptions {
  const own = officeTargets(given);
  const tls = (t: { ssl?: unknown }) => JSON.stringify(t.ssl ?? null);
  const same = officeTargets({ url }).every(
    (t) =>
      own.some((o) => o.host === t.host && tls(o) === tls(t)) &&
      (t.user ?? process.env.PGUSER) === (own[0]?.user ?? process.env.PGUSER),
  );
  return { url, ...(same && given.password !== undefined ? { password: given.password } : {}) };
}

/**
 * Live changes: LISTEN on a connection of its own (to `listenUrl` when given), checked to hear an
 * announcement made on the pool; when it hears none (a pooler in transaction mode), rows are
 * read every 10 s instead, and the desk says so.
 */
async function changeFeed(
  given: PostgresStoreOptions,
  servers: OfficeServers,
  db: ReturnType<typeof wrapPool>,
): Promise<{ feed: ChangeFeed; note?: string }> {
  const listening = given.listenUrl ? new OfficeServers(listenOptions(given.listenUrl, given), 'desk') : servers;
  const read = async (ids: number[]) => {
    const rows = await db.rows<PgSubmission>(ROWS_BY_ID, [ids]);
    return new Map(rows.map((r) => [Number(r.id), toRow(r)]));
  };
  // The database going away (a restart, a failover: the desk's health says so) is expected; anything else is told.
  const report = (err: unknown) => {
    const away =
      isUnreachable(err) ||
      err instanceof JournalUnreachableError ||
      (err instanceof OfficeConnectionError && err.reason === 'standby');
    if (!away) console.error('Feed Desk office journal:', err);
  };
  const announce = async (payload: string) => {
    await db.rows('SELECT pg_catalog.pg_notify($1, $2)', [CHANGE_CHANNEL, payload]);
  };
  try {
    return { feed: await listenForChanges(() => listening.connect(), read, report, { announce }) };
  } catch (err) {
    if (!(err instanceof FeedDeafError)) throw err;
    const readSince = async (since: string | null) => {
      const [{ now } = { now: '' }] = await db.rows<{ now: string }>(`SELECT now()::text AS now`);
      const rows = since === null ? [] : await db.rows<PgSubmission>(ROWS_SINCE, [since]);
      return { rows: rows.map(toRow), now };
    };
    const note =
      `Live updates from other desks do not reach this desk through ${targetLabel(listening.target)} (a connection ` +
      `pooler in transaction mode?): screens refresh every ${REFRESH_MS / 1000} s. Give the desk a direct address ` +
      'to listen on (FEED_DESK_JOURNAL_LISTEN_URL) for live updates.';
    console.warn(`Feed Desk office journal: ${note}`);
    return { feed: refreshChanges(readSince, report), note };
  }
}

/** Checks the schema and the user's group; says where the journal is and who is signed in, as what. */
async function signIn(servers: OfficeServers): Promise<Extract<JournalLocation, { kind: 'office' }>> {
  const client = await servers.connect();
  try {
    const where = label(client);
    const who = await client.query<{ user: string; schema: boolean; owner: boolean; groups: string[] }>(
      `SELECT session_user AS "user", n.oid IS NOT NULL AS schema,
         coalesce(pg_has_role(session_user, n.nspowner, 'MEMBER'), false) AS owner,
         ARRAY(SELECT r.rolname::text FROM pg_roles r WHERE r.rolname IN ('feed_desk_clerk', 'feed_desk_supervisor')
           AND pg_has_role(session_user, r.oid, 'MEMBER')) AS groups
       FROM (SELECT 1) AS one LEFT JOIN pg_namespace n ON n.nspname = 'feed_desk'`,
    );
    const me = who.rows[0];
    if (!me?.schema) requireCurrent(0, where);
    if (!me || !(me.owner || me.groups.length > 0)) {
      throw new OfficePermissionError(
        `${me?.user ?? 'This user'} is not a Feed Desk user of ${where}: an administrator runs ` +
          '`feed-desk office add-user NAME --role clerk|supervisor`.',
      );
    }
    requireCurrent(await schemaVersion(client), where);
    const role = me.owner ? 'owner' : me.groups.includes('feed_desk_supervisor') ? 'supervisor' : 'clerk';
    return { kind: 'office', label: where, user: me.user, role };
  } finally {
    await client.end().catch(() => undefined);
  }
}
