#!/usr/bin/env node
// What `npm start` and `npm test` set up by themselves on a fresh clone, before their own work: the
// Debian packages they need (apt-get when run as root, otherwise the one command to run) and the
// project's packages (`npm ci` when node_modules is missing or older than package-lock.json). Each
// step says what it does and about how long it takes. Only Node's own modules are imported here:
// this runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const postgresBin = (name) => {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/${name}`));
};

/** What `npm ci` needs to build keytar and better-sqlite3-multiple-ciphers from source (both steps). */
export const BUILD = [
  { what: 'a C++ compiler', present: () => has('g++'), apt: 'g++' },
  { what: 'make', present: () => has('make'), apt: 'make' },
  { what: 'Python 3', present: () => has('python3'), apt: 'python3' },
  {
    what: 'libsecret',
    present: () => spawnSync('pkg-config', ['--exists', 'libsecret-1'], { stdio: 'ignore' }).status === 0,
    apt: 'pkg-config libsecret-1-dev',
  },
];

/** What the suites need besides (`npm test` only). */
export const SUITES = [
  { what: 'Chromium', present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'), apt: 'chromium' },
  { what: 'a font', present: () => existsSync('/usr/share/fonts/truetype/dejavu'), apt: 'fonts-dejavu-core' },
  { what: 'dbus-run-session', present: () => has('dbus-run-session'), apt: 'dbus dbus-x11' },
  { what: 'gnome-keyring', present: () => has('gnome-keyring-daemon'), apt: 'gnome-keyring' },
  { what: 'PostgreSQL', present: () => postgresBin('initdb') && postgresBin('pg_ctl'), apt: 'postgresql' },
  { what: 'PgBouncer', present: () => has('pgbouncer'), apt: 'pgbouncer' },
  { what: 'poppler', present: () => has('pdftoppm'), apt: 'poppler-utils' },
];

/** Whether node_modules is as package-lock.json says: npm's own record of the install is there and newer. */
export function packagesFresh(root) {
  const record = join(root, 'node_modules', '.package-lock.json');
  return existsSync(record) && statSync(record).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs;
}

/**
 * The set-up `step` ('start' or 'test') needs on this machine, in order: each action with the line
 * that announces it. `missing` are the checks not present; `root` whether this runs as root.
 */
export function setupPlan({ step, missing, fresh, root, apt }) {
  const packages = [...new Set(missing.flatMap((check) => check.apt.split(' ')))];
  const actions = [];
  if (packages.length > 0) {
    const names = missing.map((check) => check.what).join(', ');
    const command = `apt-get install -y ${packages.join(' ')}`;
    if (!apt)
      return [
        {
          kind: 'stop',
          line: `npm ${step} needs ${names}: install the packages ${packages.join(', ')} (Debian names).`,
        },
      ];
    if (!root)
      return [{ kind: 'stop', line: `npm ${step} needs ${names}: run \`sudo ${command}\`, then npm ${step}.` }];
    actions.push({
      kind: 'apt',
      packages,
      line: `npm ${step}: installing ${names} (${command}; about a minute, more on a first apt-get update)`,
    });
  }
  if (!fresh)
    actions.push({
      kind: 'npm-ci',
      line: `npm ${step}: installing the project's packages (npm ci; about 4 minutes the first time, native modules compile)`,
    });
  return actions;
}

/** Runs a command with its output shown; true when it succeeded. */
function run(command, args, options = {}) {
  return spawnSync(command, args, { stdio: 'inherit', ...options }).status === 0;
}

/**
 * Does the set-up `step` needs, saying each action before it starts; returns the one line to stop
 * with when something cannot be done here (undefined when all is set up).
 */
export function setUp(step, root) {
  const checks = process.platform === 'linux' ? (step === 'test' ? [...BUILD, ...SUITES] : BUILD) : [];
  const missing = checks.filter((check) => !check.present());
  const plan = setupPlan({
    step,
    missing,
    fresh: packagesFresh(root),
    root: process.getuid?.() === 0,
    apt: has('apt-get'),
  });
  for (const action of plan) {
    if (action.kind === 'stop') return action.line;
    console.log(action.line);
    const started = Date.now();
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (action.kind === 'apt') {
      const done =
        run('apt-get', ['update', '-q'], { env }) &&
        run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...action.packages], { env });
      if (!done) return `npm ${step}: apt-get failed (output above): fix what it names, then npm ${step} again.`;
    } else if (!run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root })) {
      return `npm ${step}: npm ci failed (output above): fix what it names, then npm ${step} again.`;
    }
    console.log(`npm ${step}: done in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return undefined;
}
