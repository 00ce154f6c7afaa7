import pg from 'pg';
import type { JournalLocation, JournalStore } from '../store';
import { actionMethods } from './actions';
import { batchMethods } from './batches';
import { listenForChanges } from './changes';
import { clientConfig, label, type OfficeConnectOptions } from './connect';
import { wrapPool } from './db';
import { draftMethods } from './drafts';
import { OfficePermissionError } from '../errors';
import { connectionFailure } from './errors';
import { privacyMethods } from './privacy';
import { queryMethods } from './queries';
import { ROW_COLUMNS, toRow, type PgSubmission } from './rows';
import { sendingMethods } from './sending';
import { requireCurrent, schemaVersion } from './version';

/** Where the office journal is and how to sign in; at most `poolSize` connections (5 by default) plus one listening. */
export interface PostgresStoreOptions extends OfficeConnectOptions {
  poolSize?: number;
  /** How long a call waits out an unreachable database (120 s by default). */
  outageMs?: number;
}

/** Enough for an outbox of 4 (a connection is held per statement, never across a send) and the screens. */
const POOL_SIZE = 5;

/**
 * Opens the office journal (PostgreSQL) as the signed-in database user, after checking it is set
 * up at this Feed Desk's schema (a newer one is refused untouched) and that the user belongs to
 * feed_desk_clerk or feed_desk_supervisor. Same semantics as the SQLite journal; who did
 * something is recorded by the database. Changes from every desk arrive through LISTEN/NOTIFY.
 */
export async function createPostgresStore(options: PostgresStoreOptions | string): Promise<JournalStore> {
  const config = clientConfig(options);
  const pool = new pg.Pool({
    ...config,
    max: (typeof options === 'string' ? undefined : options.poolSize) ?? POOL_SIZE,
  });
  pool.on('error', () => undefined); // an idle connection was dropped: the pool opens another when needed
  let where = configLabel(config);
  const db = wrapPool(pool, {
    where: () => where,
    outageMs: typeof options === 'string' ? undefined : options.outageMs,
  });
  try {
    const location = await signIn(pool).catch((err: unknown) => {
      throw connectionFailure(err, config);
    });
    if (location.kind === 'office') where = location.label;
    const feed = await listenForChanges(config, async (ids) => {
      const rows = await db.rows<PgSubmission>(
        `SELECT ${ROW_COLUMNS} FROM feed_desk.submissions s WHERE id = ANY ($1::bigint[])`,
        [ids],
      );
      return new Map(rows.map((r) => [Number(r.id), toRow(r)]));
    });
    let closing: Promise<void> | undefined;
    return {
      location,
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
      drafts: draftMethods(db),
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/** Checks the schema and the user's group; says where the journal is and who is signed in, as what. */
async function signIn(pool: pg.Pool): Promise<JournalLocation> {
  const client = await pool.connect();
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
    client.release();
  }
}

/** "host:port/database" from connection settings, for messages before anyone is signed in. */
function configLabel(config: pg.ClientConfig): string {
  let host = config.host ?? 'localhost';
  let port = String(config.port ?? 5432);
  let database = config.database ?? '';
  if (config.connectionString) {
    try {
      const url = new URL(config.connectionString);
      host = url.hostname || host;
      port = url.port || port;
      database = decodeURIComponent(url.pathname.slice(1)) || database;
    } catch {
      // not a URL: the settings above stand
    }
  }
  return `${host}:${port}/${database}`;
}
