#!/usr/bin/env node
// Runs every suite (lint, typecheck, unit/integration under a real keychain, end-to-end) and
// ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeBuilds } from './native-modules.mjs';
import { preflight } from './preflight.mjs';

// Before anything else: what the suites need from the machine, in one line with the command that installs it.
const checked = preflight('test');
if (checked) {
  console.error(checked.line);
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

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
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

check('lint', 'npx', ['--no-install', 'eslint', '.']);
check('import circles', 'node', ['scripts/check-cycles.mjs']);
check('format', 'npx', ['--no-install', 'prettier', '--check', '.']);
check('typecheck', 'npx', ['--no-install', 'tsc', '-b']);

check('build', 'npx', ['--no-install', 'electron-vite', 'build']);

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
