#!/usr/bin/env node
// Runs every suite (lint, typecheck, unit/integration under a real keychain, end-to-end) and
// ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeBuilds } from './native-modules.mjs';
import { preflight } from './preflight.mjs';
import { setUp } from './setup.mjs';

// Before anything else: a Node new enough, then what the suites need from the machine (the Debian
// packages, with apt-get when run as root, and npm ci when node_modules is missing or stale).
const checked = preflight('test');
if (checked) {
  console.error(checked.line);
  process.exit(1);
}
const stopped = process.env.FEED_DESK_NO_SETUP
  ? undefined
  : setUp('test', join(dirname(fileURLToPath(import.meta.url)), '..'));
if (stopped) {
  console.error(stopped);
  process.exit(1);
}

// keytar and better-sqlite3-multiple-ciphers must load under Node: after npm start, better-sqlite3-multiple-ciphers is built for Electron.
ensureNodeBuilds(join(dirname(fileURLToPath(import.meta.url)), '..'));

const tmp = mkdtempSync(join(tmpdir(), 'feed-desk-tests-'));
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each failing suite or test by name, repeated just above the last line so a log's tail says what failed. */
const failures = [];

/** Seconds since `started`, as a lane's time is printed. */
const since = (started) => `${Math.round((Date.now() - started) / 1000)} s`;

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(`=== ${label}: ${since(started)}\n`);
  return result.status === 0;
}

/** Runs a check with its output kept, resolving whether it passed (lanes run side by side). */
function runQuietly(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      process.stdout.write(`\n=== ${label}\n${output}`);
      resolve(status === 0);
    });
  });
}

/** A lane: its checks one after another, each counted; prints the lane's time at its end. */
async function lane(name, checks) {
  const started = Date.now();
  for (const [label, command, args] of checks) {
    if (await runQuietly(label, command, args)) passed += 1;
    else {
      failed += 1;
      failures.push(label);
    }
  }
  process.stdout.write(`=== lane "${name}": ${since(started)}\n`);
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  failed +=
    report.numFailedTests +
    (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
  for (const file of report.testResults) {
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of tests) failures.push(`${relative(process.cwd(), file.name)} › ${test.fullName}`);
    if (tests.length === 0 && file.status === 'failed')
      failures.push(`${relative(process.cwd(), file.name)}: ${file.message}`);
  }
  return true;
}

// The static checks and the build in two lanes side by side (each mostly one core); the suites
// after them, as each uses both cores and the tests that time a crash or a close need them.
await Promise.all([
  lane('lint, circles, format', [
    ['lint', 'npx', ['--no-install', 'eslint', '.']],
    ['import circles', 'node', ['scripts/check-cycles.mjs']],
    ['format', 'npx', ['--no-install', 'prettier', '--check', '.']],
  ]),
  lane('typecheck, build', [
    ['typecheck', 'npx', ['--no-install', 'tsc', '-b']],
    ['build', 'npx', ['--no-install', 'electron-vite', 'build']],
  ]),
]);

const vitestJson = join(tmp, 'vitest.json');
const playwrightJson = join(tmp, 'playwright.json');
const suites = [
  `npx --no-install vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`,
  `PLAYWRIGHT_JSON_OUTPUT_NAME=${playwrightJson} npx --no-install playwright test --reporter=list,json`,
].join('; ');
const hasKeyring =
  spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon']).status === 0;
if (hasKeyring) {
  // A throwaway HOME holds the test keyring, so no real keychain is touched.
  const home = join(tmp, 'home');
  const unlock = 'printf x | gnome-keyring-daemon --unlock --components=secrets >/dev/null';
  const script = `mkdir -p "${home}" && export HOME="${home}" && ${unlock} && ${suites}`;
  run('unit, integration and end-to-end (real keychain)', 'dbus-run-session', ['--', 'sh', '-c', script]);
} else {
  console.warn('WARNING: dbus-run-session or gnome-keyring-daemon missing: keychain tests will skip loudly');
  run('unit, integration and end-to-end', 'sh', ['-c', suites]);
}
if (!countVitest(vitestJson)) failed += 1;
if (existsSync(playwrightJson)) {
  const stats = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats;
  passed += stats.expected + stats.flaky;
  skipped += stats.skipped;
  failed += stats.unexpected;
  failures.push(...failedSpecs(JSON.parse(readFileSync(playwrightJson, 'utf8')).suites));
} else failed += 1;

/** The end-to-end tests whose outcome was unexpected, by file, line and title. */
function failedSpecs(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...failedSpecs(suite.suites),
  ]);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
rmSync(tmp, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
