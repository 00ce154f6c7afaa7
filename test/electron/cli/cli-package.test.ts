// The command line as an administrator gets it: `npm pack` of this checkout, `npm install -g` of the
// tarball into a throwaway prefix (native modules built for this Node by their install scripts),
// then the installed `feed-desk` run from a folder with no source tree: --help, a sandbox, a submit.
// npm reads packages from its cache first (--prefer-offline); with no cache at all it would
// download every package, so the suite is skipped then, saying why.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
/** Building better-sqlite3-multiple-ciphers and keytar from source dominates: 7.5 min here on 2 shared cores, 22 min when they were overloaded. */
const INSTALL_TIMEOUT = 30 * 60_000;

const npmCache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
const noCache = existsSync(join(npmCache, '_cacache'))
  ? undefined
  : `npm has no package cache at ${npmCache || '(npm config get cache failed)'}, so installing would download everything`;

/** Runs a command to its end; throws with its output when it fails. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const done = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${done.status}:\n${done.stderr}`);
  return done.stdout;
}

const suite = noCache ? describe.skip : describe;
suite(`the packed command line installed with npm install -g${noCache ? ` — SKIPPED: ${noCache}` : ''}`, () => {
  const work = mkdtempSync(join(tmpdir(), 'feed-desk-pack-'));
  const prefix = join(work, 'prefix');
  const elsewhere = join(work, 'elsewhere');
  const home = join(work, 'home');
  const bin = join(prefix, 'bin', 'feed-desk');
  const env = { FEED_DESK_HOME: home, FEED_DESK_CLIENT_ID: '', FEED_DESK_CLIENT_SECRET: '', FEED_DESK_PROFILE: '' };
  let sandbox: ChildProcess | undefined;
  let installMs = 0;

  beforeAll(() => {
    run('npm', ['pack', '--pack-destination', work], ROOT);
    const tarball = readdirSync(work).find((file) => /^feed-desk-.*\.tgz$/.test(file));
    if (!tarball) throw new Error(`npm pack left no feed-desk-*.tgz in ${work}`);
    const started = performance.now();
    run(
      'npm',
      ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball)],
      work,
    );
    installMs = performance.now() - started;
    console.log(`npm install -g of ${tarball}: ${(installMs / 1000).toFixed(1)} s`);
    run('mkdir', ['-p', elsewhere, home], work);
    copyFileSync(join(ROOT, 'examples/entry.json'), join(elsewhere, 'entry.json'));
  }, INSTALL_TIMEOUT);

  afterAll(async () => {
    if (sandbox && sandbox.exitCode === null) {
      const closed = new Promise((resolve) => sandbox?.once('close', resolve));
      sandbox.kill('SIGTERM');
      await closed;
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('holds the bin and the built CLI only, no sources', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'feed-desk');
    // npm adds the README (how an administrator uses it) and package.json's main itself.
    expect(readdirSync(installed).sort()).toEqual(['README.md', 'bin', 'node_modules', 'out', 'package.json']);
    expect(existsSync(join(installed, 'out/cli/main.js'))).toBe(true);
    expect(existsSync(join(installed, 'out/cli/journal-worker.js'))).toBe(true);
    expect(existsSync(join(installed, 'node_modules/tsx'))).toBe(false);
  });

  it('answers --help from a folder without the source tree', () => {
    const help = spawnSync(bin, ['--help'], { cwd: elsewhere, env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: feed-desk /);
  });

  it('runs a sandbox (--json) and submits an entry to it through the journal on this computer', async () => {
    sandbox = spawn(bin, ['sandbox', '--json'], { cwd: elsewhere, env: { ...process.env, ...env } });
    const stderr: Buffer[] = [];
    sandbox.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: sandbox!.stdout! }).once('line', resolve);
      sandbox!.once('close', (code) =>
        reject(new Error(`the sandbox ended (${code}): ${Buffer.concat(stderr).toString()}`)),
      );
    });
    const { url } = JSON.parse(first) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const submit = spawnSync(bin, ['submit', 'entry.json', '--json'], {
      cwd: elsewhere,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    expect(submit.stderr).toBe('');
    expect(submit.status).toBe(0);
    expect(JSON.parse(submit.stdout)).toMatchObject({ state: 'accepted' });
    const stored = (await (await fetch(`${url}/_sandbox/records`)).json()) as unknown[];
    expect(stored).toHaveLength(1);

    const closed = new Promise<number | null>((resolve) => sandbox!.once('close', resolve));
    sandbox.kill('SIGTERM');
    expect(await closed).toBe(0);
  }, 60_000);
});
