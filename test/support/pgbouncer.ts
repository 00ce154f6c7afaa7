import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type TestPostgres } from './postgres';

const BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** A running PgBouncer in front of a test cluster's feed_desk database. */
export interface TestPgbouncer {
  port: number;
  /** A URL for the feed_desk database through the pooler, as this user (no password: see startPgbouncer). */
  url(user: string): string;
  stop(): void;
}

/** Why PgBouncer tests cannot run here (say it in the skipped suite's name), or undefined when they can. */
export function pgbouncerMissing(): string | undefined {
  return BINARY.some((b) => existsSync(b))
    ? undefined
    : `pgbouncer not found (${BINARY.join(' or ')}): install it with apt-get install pgbouncer`;
}

const asServerUser = (argv: string[]) =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...argv]] : [argv[0], argv.slice(1)];

/**
 * Starts PgBouncer as Debian ships it (no ignore_startup_parameters) with its own config in a
 * temporary folder: 127.0.0.1 at a free port, `poolMode` pooling, forwarding to the cluster's
 * socket (where the cluster trusts its users) and trusting the listed users itself, so desks
 * need no password. stop() ends it and removes the folder; so does this process ending.
 */
export async function startPgbouncer(
  postgres: TestPostgres,
  users: string[],
  poolMode: 'transaction' | 'session' = 'transaction',
): Promise<TestPgbouncer> {
  const binary = BINARY.find((b) => existsSync(b));
  if (!binary) throw new Error(pgbouncerMissing());
  const dir = mkdtempSync(join(tmpdir(), 'feed-desk-pgbouncer-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const pidfile = join(dir, 'pgbouncer.pid');
  writeFileSync(join(dir, 'users.txt'), users.map((u) => `"${u}" ""\n`).join(''), { mode: 0o644 });
  const config = join(dir, 'pgbouncer.ini');
  writeFileSync(
    config,
    [
      '[databases]',
      `feed_desk = host=${postgres.socketDir} port=${postgres.port} dbname=feed_desk`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `pool_mode = ${poolMode}`,
      'default_pool_size = 10',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${pidfile}`,
    ].join('\n'),
    { mode: 0o644 },
  );
  const [command, argv] = asServerUser([binary, '-d', config]) as [string, string[]];
  execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  // The pid file is created before its number is written: read it until it holds a pid. An empty
  // read taken for pid 0 made `kill 0` below stop this whole process group (the test run with it).
  const readPid = () => (existsSync(pidfile) ? Number(readFileSync(pidfile, 'utf8').trim()) : NaN);
  const deadline = Date.now() + 10_000;
  let pid = readPid();
  while (!(Number.isInteger(pid) && pid > 1)) {
    if (Date.now() > deadline)
      throw new Error(`pgbouncer did not start: ${readFileSync(join(dir, 'pgbouncer.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 20));
    pid = readPid();
  }
  // Ends it once this process is gone, however it ended (a killed test worker fires no 'exit').
  const guard = spawn(
    'sh',
    [
      '-c',
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 0.5; done; kill ${pid}; rm -rf "$1"`,
      'feed-desk-pgbouncer-watchdog',
      dir,
    ],
    { detached: true, stdio: 'ignore' },
  );
  guard.unref();
  const stop = () => {
    spawnSync('kill', [String(pid)]);
    rmSync(dir, { recursive: true, force: true });
    guard.kill();
  };
  process.once('exit', stop);
  return {
    port,
    url: (user) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/feed_desk`,
    stop() {
      process.removeListener('exit', stop);
      stop();
    },
  };
}
