import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packagesFresh, setupPlan } from '../../scripts/setup.mjs';

const repo = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'feed-desk-setup-'));
  dirs.push(dir);
  return dir;
};
const check = (what: string, apt: string) => ({ what, apt, present: () => false });

describe('setupPlan', () => {
  it('as root with apt-get: installs the missing packages once each, then npm ci when node_modules is stale', () => {
    const plan = setupPlan({
      step: 'test',
      missing: [check('Chromium', 'chromium'), check('dbus-run-session', 'dbus dbus-x11'), check('x', 'dbus')],
      fresh: false,
      root: true,
      apt: true,
    });
    expect(plan.map((a) => a.kind)).toEqual(['apt', 'npm-ci']);
    expect(plan[0]).toMatchObject({ packages: ['chromium', 'dbus', 'dbus-x11'] });
    expect(plan[0]!.line).toMatch(
      /^npm test: installing Chromium, dbus-run-session, x \(apt-get install -y .*about a minute/,
    );
    expect(plan[1]!.line).toMatch(/^npm test: installing the project's packages \(npm ci; about 4 minutes/);
  });

  it('not root: stops with the one command to run, with sudo; nothing to do when all is there', () => {
    const plan = setupPlan({
      step: 'start',
      missing: [check('libsecret', 'pkg-config libsecret-1-dev')],
      fresh: true,
      root: false,
      apt: true,
    });
    expect(plan).toEqual([
      {
        kind: 'stop',
        line: 'npm start needs libsecret: run `sudo apt-get install -y pkg-config libsecret-1-dev`, then npm start.',
      },
    ]);
    expect(setupPlan({ step: 'test', missing: [], fresh: true, root: true, apt: true })).toEqual([]);
    expect(
      setupPlan({ step: 'test', missing: [check('PgBouncer', 'pgbouncer')], fresh: true, root: true, apt: false })[0],
    ).toMatchObject({
      kind: 'stop',
      line: expect.stringMatching(/^npm test needs PgBouncer: install the packages pgbouncer/),
    });
  });

  it('takes node_modules for stale when npm has no record of the install or the lock file is newer', () => {
    const root = temp();
    writeFileSync(join(root, 'package-lock.json'), '{}');
    expect(packagesFresh(root)).toBe(false);
    mkdirSync(join(root, 'node_modules'));
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{}');
    expect(packagesFresh(root)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'package-lock.json'), later, later);
    expect(packagesFresh(root)).toBe(false);
  });
});

describe('npm start on a fresh clone', () => {
  it('runs npm ci by itself, saying so, before it looks for Electron', () => {
    const root = temp();
    mkdirSync(join(root, 'scripts'));
    for (const file of ['start.mjs', 'native-modules.mjs', 'preflight.mjs', 'setup.mjs'])
      copyFileSync(join(repo, 'scripts', file), join(root, 'scripts', file));
    writeFileSync(join(root, 'package-lock.json'), '{}');
    // npm as a stand-in that notes its arguments and installs an Electron package without its binary.
    const bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'npm'),
      `#!/bin/sh\necho "$@" > "${root}/npm-args"\nmkdir -p node_modules/electron\n` +
        `echo '{"name":"electron","version":"45.4.1"}' > node_modules/electron/package.json\necho '{}' > node_modules/.package-lock.json\n`,
      { mode: 0o755 },
    );
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, FEED_DESK_ANY_NODE: '1' };
    env.ELECTRON_SKIP_BINARY_DOWNLOAD = '1';
    delete env.FEED_DESK_NO_SETUP;
    delete env.ELECTRON_EXEC_PATH;
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(result.stdout).toMatch(/^npm start: installing the project's packages \(npm ci;/);
    expect(readFileSync(join(root, 'npm-args'), 'utf8').trim()).toBe('ci --no-audit --no-fund --loglevel=error');
    // Then on to Electron, whose binary this machine lacks: the one sentence, with what runs here.
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^npm start: the desktop app cannot run here: Electron 45\.4\.1's binary is not installed.*npx feed-desk sandbox/,
      ),
    ]);
  });
});
