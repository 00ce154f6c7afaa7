import pg from 'pg';
import { JournalUnreachableError } from '../../errors';
import { isUnreachable, translate, whyUnreachable } from './errors';
import { unanswered, waitedFor, type Waited } from './waits';

/** How long a desk waits out an unreachable office database (a restart, a failover) before giving up on a call. */
export const OUTAGE_MS = 120_000;
/**
 * How long one try of a call waits for the database's answer: a little above the desk session's
 * statement_timeout (servers.ts), so a slow statement is stopped by the server first (rolled back,
 * known), and this limit catches only what statement_timeout does not cover: a commit held for a
 * synchronous standby that is gone.
 */
export const ANSWER_MS = 20_000;
const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 2_000;

/** Told when the office database stops or starts answering. */
export type HealthListener = (reachable: boolean) => void;

/** A statement's retry hooks: told before each retry, with whether the failed try may have been carried out. */
export interface RetryHooks {
  onRetry?: (ambiguous: boolean) => void;
}

/** The office journal's connection pool, with the database's refusals turned into journal errors. */
export interface Db {
  readonly pool: pg.Pool;
  rows<T extends pg.QueryResultRow>(sql: string, params?: unknown[], hooks?: RetryHooks): Promise<T[]>;
  /** The first row, or undefined. */
  first<T extends pg.QueryResultRow>(sql: string, params?: unknown[], hooks?: RetryHooks): Promise<T | undefined>;
  /** How many rows the statement changed. */
  count(sql: string, params?: unknown[]): Promise<number>;
  /** Whether the last statement found the database reachable. */
  readonly reachable: boolean;
  /** Listens for the database going away and coming back; returns the unsubscribe function. */
  onHealth(listener: HealthListener): () => void;
  /** Statements run that change the journal (each one transaction): the benchmarks' commits. */
  readonly commits: number;
}

/** A statement that calls one of the journal's functions that change rows (not the checks that only read). */
const CHANGES = /\bfeed_desk\.(?!is_supervisor\b|is_text_object\b)[a-z_]+\s*\(|^\s*(INSERT|UPDATE|DELETE)\b/i;

/** How the pool is used: where it points (for messages) and how long an outage is waited out. */
export interface DbOptions {
  where: () => string;
  outageMs?: number;
  /** How long one try waits for an answer (ANSWER_MS by default). */
  answerMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a pool. A statement that meets an unreachable database, or that gave up waiting (a lock
 * another session holds, its time limit: waits.ts), is tried again with backoff for up to
 * `outageMs` (the pool reconnects by itself), then fails with a JournalUnreachableError in plain
 * words. A try that failed before it reached the server is retried as it is; one whose connection
 * dropped mid-way may have been carried out, which the caller is told (RetryHooks) so it can make
 * the retry safe: every function the desk calls is idempotent or checked by its caller. A try
 * given no answer in `answerMs` (a commit held for a synchronous standby that is gone) is such a
 * try, and an outage: its connection is discarded (the server may still finish it).
 */
export function wrapPool(pool: pg.Pool, options: DbOptions): Db {
  const listeners = new Set<HealthListener>();
  const guarded = new WeakSet<pg.PoolClient>();
  let reachable = true;
  const health = (now: boolean) => {
    if (now === reachable) return;
    reachable = now;
    for (const listener of [...listeners]) listener(now);
  };

  async function run<T extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    hooks: RetryHooks = {},
  ): Promise<pg.QueryResult<T>> {
    const outageMs = options.outageMs ?? OUTAGE_MS;
    const answerMs = options.answerMs ?? ANSWER_MS;
    const deadline = Date.now() + outageMs;
    // A try given no answer may still commit: then the call ends saying so, whatever later tries met
    // (most wait on the rows that try still holds, and give up on the lock).
    let unanswering: Waited | undefined;
    for (let attempt = 0; ; attempt += 1) {
      let sent = false;
      try {
        const client = await pool.connect();
        // A server that goes away errors the client it is serving too, after the query has failed
        // and the client left the pool: the failed query says it all, so that event is not an uncaught error.
        if (!guarded.has(client)) {
          guarded.add(client);
          client.on('error', () => undefined);
        }
        try {
          sent = true;
          // node-postgres reads a query's own query_timeout; its types know only the client's.
          const query: pg.QueryConfig & { query_timeout: number } = {
            text: sql,
            values: params,
            query_timeout: answerMs,
          };
          const result = await client.query<T>(query);
          client.release();
          health(true);
          return result;
        } catch (err) {
          // A call given up on may still be running on the server: its connection is not reused.
          client.release(isUnreachable(err) || unanswered(err) ? (err as Error) : undefined);
          throw err;
        }
      } catch (err) {
        const unknown = unanswered(err);
        unanswering ??= unknown;
        if (unknown) {
          // Carried out or not (a commit may finish once the standby is back): an outage, and ambiguous.
          health(false);
          if (Date.now() >= deadline) {
            throw new JournalUnreachableError(unknown.sentence(sql, options.where(), outageMs, answerMs), {
              cause: err,
            });
          }
          hooks.onRetry?.(true);
          await sleep(Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt));
          continue;
        }
        const waited = waitedFor(err);
        if (waited) {
          // The statement gave up waiting and was rolled back: tried again like an outage, then told.
          if (Date.now() >= deadline) {
            throw new JournalUnreachableError(
              (unanswering ?? waited).sentence(sql, options.where(), outageMs, answerMs),
              {
                cause: err,
              },
            );
          }
          hooks.onRetry?.(false);
          await sleep(Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt));
          continue;
        }
        if (!isUnreachable(err)) throw translate(err);
        health(false);
        if (Date.now() >= deadline) {
          throw new JournalUnreachableError(
            unanswering?.sentence(sql, options.where(), outageMs, answerMs) ??
              `The office journal at ${options.where()} cannot be reached (${whyUnreachable(err)}): nothing was sent.`,
            { cause: err },
          );
        }
        hooks.onRetry?.(sent && !/^57P03$/.test(String((err as { code?: unknown }).code)));
        await sleep(Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt));
      }
    }
  }
  let commits = 0;
  const counted = async <T extends pg.QueryResultRow>(sql: string, params?: unknown[], hooks?: RetryHooks) => {
    const result = await run<T>(sql, params, hooks);
    if (CHANGES.test(sql)) commits += 1;
    return result;
  };
  return {
    pool,
    get reachable() {
      return reachable;
    },
    get commits() {
      return commits;
    },
    onHealth(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async rows<T extends pg.QueryResultRow>(sql: string, params?: unknown[], hooks?: RetryHooks) {
      return (await counted<T>(sql, params, hooks)).rows;
    },
    async first<T extends pg.QueryResultRow>(
      sql: string,
      params?: unknown[],
      hooks?: RetryHooks,
    ): Promise<T | undefined> {
      const { rows } = await counted<T>(sql, params, hooks);
      return rows[0];
    },
    async count(sql: string, params?: unknown[]) {
      return (await counted(sql, params)).rowCount ?? 0;
    },
  };
}
