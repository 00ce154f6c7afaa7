import pg from 'pg';
import { connectionFailure } from './errors';
import { officeTargets, type OfficeConnectOptions, type OfficeConnection } from './connect';

/**
 * The bounded waits of a session, set once connected (never as startup options, which a pooler
 * such as PgBouncer refuses). A desk's statements are short (milliseconds, a bulk import's 50 rows
 * included) and a clerk waits at the screen: one runs at most 15 s, a lock is waited for at most
 * 5 s, a transaction left open by a desk that stopped answering lives at most a minute; the desk
 * itself stops waiting for an answer 5 s later (db.ts ANSWER_MS: a commit held for a synchronous
 * standby, which statement_timeout does not cover). The owner's setup and imports may run longer,
 * never without bound.
 */
export const SESSION_TIMEOUTS = {
  desk: { statement_timeout: '15s', lock_timeout: '5s', idle_in_transaction_session_timeout: '60s' },
  owner: { statement_timeout: '15min', lock_timeout: '30s', idle_in_transaction_session_timeout: '10min' },
} as const;

/** Whose session a connection is: a desk's (a clerk or supervisor at work) or the journal owner's. */
export type SessionKind = keyof typeof SESSION_TIMEOUTS;

/** Raised when a server answers but takes no writes (a standby in recovery, or read-only by default). */
export class ReadOnlyServerError extends Error {
  override readonly name = 'ReadOnlyServerError' as const;
  /** read_only_sql_transaction: what the server itself answers to a write. */
  readonly code = '25006';
}

/** "host:port/database" of connection settings, for messages. */
export function targetLabel(target: OfficeConnection): string {
  return `${target.host ?? 'localhost'}:${target.port ?? 5432}/${target.database ?? ''}`;
}

/**
 * The one statement run on every new connection: the session's settings, every statement reading
 * committed data (the duplicate guard also checks this itself), and whether the server takes writes.
 */
function setupSql(kind: SessionKind): string {
  const settings = { default_transaction_isolation: 'read committed', ...SESSION_TIMEOUTS[kind] };
  const sets = Object.entries(settings).map(([name, value]) => `pg_catalog.set_config('${name}', '${value}', false)`);
  return `SELECT ${sets.join(', ')},
    pg_catalog.pg_is_in_recovery() OR pg_catalog.current_setting('transaction_read_only') = 'on' AS read_only`;
}

/**
 * The servers of one office connection (officeTargets), tried in order as libpq does with
 * target_session_attrs=read-write: a connection is kept only on a server that takes writes. The
 * server that last took one is tried first, so after a failover every new connection goes to
 * whichever server is now the primary.
 */
export class OfficeServers {
  readonly targets: OfficeConnection[];
  private current = 0;

  constructor(
    options: OfficeConnectOptions | string | OfficeConnection,
    private readonly kind: SessionKind,
  ) {
    this.targets = officeTargets(options);
  }

  /** The server new connections go to now. */
  get target(): OfficeConnection {
    return this.targets[this.current] as OfficeConnection;
  }

  /** Sets a connected client's session up; a server that takes no writes is refused (and the next one tried next). */
  async prepare(client: pg.Client, index: number): Promise<void> {
    try {
      const { rows } = await client.query<{ read_only: boolean }>(setupSql(this.kind));
      if (rows[0]?.read_only) {
        throw new ReadOnlyServerError(`${targetLabel(this.targets[index] ?? {})} is a read-only standby`);
      }
    } catch (err) {
      this.failed(index);
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  /** After a failure on a server, new connections try the next one (unless another failure moved on already). */
  failed(index: number): void {
    if (this.current === index) this.current = (index + 1) % this.targets.length;
  }

  /**
   * A new client on the first server, from the current one on, that answers and takes writes;
   * when none does, the failure in plain words (a read-only standby's before an unreachable one's).
   */
  async connect(): Promise<pg.Client> {
    let failure: { err: unknown; target: OfficeConnection } | undefined;
    for (let tried = 0; tried < this.targets.length; tried += 1) {
      const index = this.current;
      const target = this.target;
      const client = new pg.Client(target);
      try {
        await client.connect().catch((err: unknown) => {
          this.failed(index);
          throw err;
        });
        await this.prepare(client, index);
        return client;
      } catch (err) {
        if (!(failure?.err instanceof ReadOnlyServerError)) failure = { err, target };
      }
    }
    throw connectionFailure(failure?.err, failure?.target ?? {});
  }

  /** A node-postgres Client class for a pool: each client connects to the current server and is set up as connect() does. */
  poolClient(): new () => pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class below needs the servers
    const servers = this;
    return class extends pg.Client {
      private readonly index: number;
      constructor() {
        const index = servers.current;
        super(servers.targets[index]);
        this.index = index;
      }
      override connect(): Promise<pg.Client>;
      override connect(callback: (err: Error | null, c?: pg.Client) => void): void;
      override connect(callback?: (err: Error | null, c?: pg.Client) => void): Promise<pg.Client> | void {
        const done = super.connect().then(
          async () => {
            await servers.prepare(this, this.index);
            return this as pg.Client;
          },
          (err: unknown) => {
            servers.failed(this.index);
            throw err;
          },
        );
        if (!callback) return done;
        done.then(
          (client) => callback(null, client),
          (err: unknown) => callback(err as Error),
        );
      }
    };
  }
}

/** Runs fn on one new connection (a session of `kind`, owner by default) to a writable server, then closes it. */
export async function connectOnce<T>(
  options: OfficeConnectOptions | string | OfficeConnection,
  fn: (client: pg.Client) => Promise<T>,
  kind: SessionKind = 'owner',
): Promise<T> {
  const client = await new OfficeServers(options, kind).connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
