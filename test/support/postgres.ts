import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The superuser of a throwaway cluster (the "administrator" of the office database in tests). */
export const OWNER = 'feed_desk_owner';
const OWNER_PASSWORD = 'owner-secret';
const ROOT = '/usr/lib/postgresql';

/** A running throwaway PostgreSQL cluster with a `feed_desk` database. */
export interface TestPostgres {
  /** A URL for the `feed_desk` database (or another) as this user (the owner by default). */
  url(user?: string, password?: string, database?: string): string;
  ownerUrl: string;
  port: number;
  /** The cluster's data folder (pg_hba.conf is there). */
  dataDir: string;
  /** The folder of its Unix socket (where the owner signs in without a password). */
  socketDir: string;
  /** Stops the server as a crash would (`pg_ctl -m immediate stop`), waits `downMs`, starts it again on the same port. */
  restart(downMs: number): Promise<void>;
  /** Stops the server as a crash would, until start(). */
  crash(): void;
  /** Starts a crashed server again on the same port. */
  start(): void;
  stop(): Promise<void>;
}

/** How a test cluster runs: `durable` keeps every acknowledged commit across a crash (synchronous_commit on). */
export interface StartOptions {
  durable?: boolean;
}

/** The server binaries of the newest PostgreSQL installed, or undefined. */
function binDir(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'initdb')) && existsSync(join(ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(ROOT, versions[0], 'bin');
}

/** Why PostgreSQL tests cannot run here (say it in the skipped suite's name), or undefined when they can. */
export function postgresMissing(): string | undefined {
  if (!binDir())
    return `PostgreSQL server binaries not found under ${ROOT}/*/bin: install them with apt-get install postgresql`;
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root but there is no postgres user to run the server: apt-get install postgresql creates it';
  }
  return undefined;
}

/** A free port on 127.0.0.1 (taken, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a server binary as the postgres user when we are root (initdb and postgres refuse root). */
function asServerUser(bin: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [command, argv] = root ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A detached shell that stops the server and removes its folder once this process is gone, however
 * it ended (a test worker killed by its runner fires no 'exit' event).
 */
function watchdog(pgCtl: string, data: string, dir: string) {
  const stop = process.getuid?.() === 0 ? 'runuser -u postgres -- "$1"' : '"$1"';
  const script =
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 0.5; done; ` +
    `${stop} -D "$2" -m immediate -w stop >/dev/null 2>&1; rm -rf "$3"`;
  const child = spawn('sh', ['-c', script, 'feed-desk-pg-watchdog', pgCtl, data, dir], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return child;
}

/**
 * Starts a throwaway cluster in a temporary folder: initdb (owner superuser with a password,
 * scram on 127.0.0.1, no fsync), a free port on 127.0.0.1, its socket inside the folder, and a
 * `feed_desk` database. stop() ends the server and removes the folder. Throws, saying what to
 * install, when the binaries are missing.
 */
export async function startPostgres(startOptions: StartOptions = {}): Promise<TestPostgres> {
  return startCluster(startOptions);
}

/** How a cluster's data folder is made: initdb (a primary), or a copy of a running primary (a standby). */
type MakeData = (bin: string, data: string, pwfile: string) => void;

const initdb: MakeData = (bin, data, pwfile) =>
  asServerUser(join(bin, 'initdb'), [
    '-D', data, '-U', OWNER, `--pwfile=${pwfile}`, '--auth-host=scram-sha-256', '--auth-local=trust',
    '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions',
  ]); // prettier-ignore

/** A streaming standby of a running test cluster: promote() makes it the primary (as a failover does). */
export interface TestStandby extends TestPostgres {
  promote(): void;
}

/**
 * Starts a streaming standby of `primary` (pg_basebackup -R over the primary's socket, hot
 * standby) on a free port of 127.0.0.1; `synchronous` makes the primary wait for it at each commit
 * (synchronous_standby_names = '*'), and returns once it is the synchronous one.
 */
export async function startStandby(
  primary: TestPostgres,
  options: { synchronous?: boolean } = {},
): Promise<TestStandby> {
  const copy: MakeData = (bin, data) =>
    asServerUser(join(bin, 'pg_basebackup'), [
      '-h', primary.socketDir, '-p', String(primary.port), '-U', OWNER, '-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync',
    ]); // prettier-ignore
  const standby = await startCluster({ durable: true }, copy);
  const bin = binDir() as string;
  const admin = new pg.Client({ connectionString: primary.url(OWNER, OWNER_PASSWORD, 'postgres') });
  await admin.connect();
  try {
    if (options.synchronous) {
      await admin.query(`ALTER SYSTEM SET synchronous_standby_names = '*'`);
      await admin.query('SELECT pg_reload_conf()');
    }
    const want = options.synchronous ? 'sync' : 'async';
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming' AND sync_state = $1`,
        [want],
      );
      if ((rows[0]?.n ?? 0) > 0) break;
      if (Date.now() > deadline) throw new Error(`the standby is not streaming (${want}) after 30 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await admin.end();
  }
  return {
    ...standby,
    promote: () => asServerUser(join(bin, 'pg_ctl'), ['-D', standby.dataDir, '-w', '-t', '30', 'promote']),
  };
}

async function startCluster(startOptions: StartOptions, makeData: MakeData = initdb): Promise<TestPostgres> {
  const missing = postgresMissing();
  const bin = binDir();
  if (missing || !bin) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'feed-desk-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pwfile');
  writeFileSync(pwfile, `${OWNER_PASSWORD}\n`, { mode: 0o644 });
  const pgCtl = join(bin, 'pg_ctl');
  let started = false;
  const stopNow = () => {
    if (started) spawnSync(process.getuid?.() === 0 ? 'runuser' : pgCtl, stopArgs(), { stdio: 'ignore' });
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  const stopArgs = () => {
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    return process.getuid?.() === 0 ? ['-u', 'postgres', '--', pgCtl, ...args] : args;
  };
  process.once('exit', stopNow);
  const guard = watchdog(pgCtl, data, dir);
  try {
    makeData(bin, data, pwfile);
    let port = 0;
    let options = '';
    for (let attempt = 0; !started; attempt += 1) {
      port = await freePort();
      options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off${
        startOptions.durable ? '' : ' -c synchronous_commit=off'
      }`;
      try {
        asServerUser(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
        started = true;
      } catch (err) {
        if (attempt >= 3) throw err; // the port was taken in between: try another
      }
    }
    const url = (user = OWNER, password = OWNER_PASSWORD, database = 'feed_desk') =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    const crash = () => {
      spawnSync(process.getuid?.() === 0 ? 'runuser' : pgCtl, stopArgs(), { stdio: 'ignore' });
    };
    const start = () =>
      asServerUser(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
    if (makeData === initdb) {
      const admin = new pg.Client({ connectionString: url(OWNER, OWNER_PASSWORD, 'postgres') });
      await admin.connect();
      await admin.query('CREATE DATABASE feed_desk');
      await admin.end();
    }
    return {
      url,
      ownerUrl: url(),
      port,
      dataDir: data,
      socketDir: dir,
      crash,
      start,
      async restart(downMs) {
        crash();
        await new Promise((resolve) => setTimeout(resolve, downMs));
        start();
      },
      async stop() {
        process.removeListener('exit', stopNow);
        stopNow();
        guard.kill();
      },
    };
  } catch (err) {
    process.removeListener('exit', stopNow);
    stopNow();
    guard.kill();
    throw err;
  }
}
