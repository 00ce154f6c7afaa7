#!/usr/bin/env node
// What `npm start` and `npm test` need from the machine, checked before anything else, so a
// newcomer reads one line naming what is missing and the command that installs it, not a failed build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A system package the suites or the build need: how to see it is there, and its Debian package name. */
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const postgresBin = (name) => {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/${name}`));
};

const SUITES = [
  {
    what: 'libsecret',
    present: () => spawnSync('pkg-config', ['--exists', 'libsecret-1'], { stdio: 'ignore' }).status === 0,
    apt: 'pkg-config libsecret-1-dev',
  },
  { what: 'Chromium', present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'), apt: 'chromium' },
  { what: 'dbus-run-session', present: () => has('dbus-run-session'), apt: 'dbus dbus-x11' },
  { what: 'gnome-keyring', present: () => has('gnome-keyring-daemon'), apt: 'gnome-keyring' },
  { what: 'PostgreSQL', present: () => postgresBin('initdb') && postgresBin('pg_ctl'), apt: 'postgresql' },
  { what: 'PgBouncer', present: () => has('pgbouncer'), apt: 'pgbouncer' },
  { what: 'poppler', present: () => has('pdftoppm'), apt: 'poppler-utils' },
];

/** Whether this Node is at least major.minor. */
export function nodeAtLeast(version, [major, minor]) {
  const [have = 0, haveMinor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return have > major || (have === major && haveMinor >= minor);
}

/** One line naming what is missing and the apt-get line that installs it; undefined when nothing is. */
export function missingLine(checks, purpose) {
  const missing = checks.filter((check) => !check.present());
  if (missing.length === 0) return undefined;
  const packages = [...new Set(missing.flatMap((check) => check.apt.split(' ')))].join(' ');
  return `${purpose} needs ${missing.map((check) => check.what).join(', ')}: sudo apt-get install -y ${packages}`;
}

/** Checks the machine for `step` ('start' or 'test'): the one line to print and whether it stops the step. */
export function preflight(step, version = process.version) {
  // FEED_DESK_ANY_NODE=1 tries npm start on an older Node anyway (the rebuild for Electron may then fail).
  if (step === 'start' && !nodeAtLeast(version, [22, 12]) && !process.env.FEED_DESK_ANY_NODE)
    return {
      stop: true,
      line: `npm start needs Node 22.12 or later (Electron's tooling declares it); this is ${version}: install Node 22 LTS (for example with nvm: nvm install 22).`,
    };
  if (!nodeAtLeast(version, [20, 19]))
    return { stop: true, line: `npm ${step} needs Node 20.19 or later; this is ${version}: install Node 22 LTS.` };
  if (process.platform !== 'linux') return undefined;
  if (step === 'test') {
    const line = missingLine(SUITES, 'npm test');
    return line && { stop: true, line };
  }
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = preflight(process.argv[2] ?? 'test');
  if (result) {
    console.error(result.line);
    if (result.stop) process.exit(1);
  }
}
