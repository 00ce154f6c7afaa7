// What the office benchmarks share: the real command line run as a desk or the owner would run it.
import pg from 'pg';
import { runCli } from '../test/support/cli';
import { OWNER, startPostgres } from '../test/support/postgres';

/** No credentials or profile from the environment the benchmark runs in. */
export const CLEAN = {
  FEED_DESK_CLIENT_ID: '',
  FEED_DESK_CLIENT_SECRET: '',
  FEED_DESK_PROFILE: '',
  FEED_DESK_JOURNAL_URL: '',
};

/** A URL without its password (as a person gives it, the password from PGPASSWORD), TLS off on loopback. */
export function asGiven(url: string): { url: string; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: `${parsed.toString()}?sslmode=disable`, password };
}

/** Runs the CLI and throws with what it said unless it ended 0. */
export async function cli(args: string[], env: NodeJS.ProcessEnv, input?: string) {
  const run = await runCli(args, { ...CLEAN, ...env }, input);
  if (run.code !== 0)
    throw new Error(
      `feed-desk ${args.join(' ')} ended ${run.code} (${run.stdout.length} characters out): ${run.stderr}` +
        run.stdout
          .split('\n')
          .filter((line) => !line.includes('"event":"progress"'))
          .join('\n')
          .slice(-3000),
    );
  return run;
}

/** A throwaway PostgreSQL 15 cluster with pg_stat_statements loaded (restarted once for it). */
export async function clusterWithStatements() {
  const postgres = await startPostgres();
  const owner = new pg.Client({ connectionString: postgres.url(OWNER, undefined, 'postgres') });
  await owner.connect();
  await owner.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await owner.end();
  await postgres.restart(0);
  return postgres;
}
