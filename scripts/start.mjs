#!/usr/bin/env node
/**
 * npm start: sets up what a fresh clone lacks (scripts/setup.mjs), fetches Electron's binary if
 * absent, builds the native modules for Electron, runs `electron-vite preview`. Where Electron cannot
 * run, it says so in one sentence and names what runs here instead: the sandbox and the CLI.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeStale, errorLine, probeNativeModules } from './native-modules.mjs';
import { nodeAtLeast, preflight } from './preflight.mjs';
import { setUp } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const checked = preflight('start');
if (checked) {
  console.error(checked.line);
  process.exit(1);
}
const stopped = process.env.FEED_DESK_NO_SETUP ? undefined : setUp('start', root);
if (stopped) {
  console.error(stopped);
  process.exit(1);
}

const electronDir = join(root, 'node_modules', 'electron');
const install = 'node node_modules/electron/install.js';

/** What runs where Electron cannot: the sandbox and the command line, with one entry sent. */
const INSTEAD =
  'what runs here is the sandbox and the command line: `npx feed-desk sandbox` in one terminal, then ' +
  '`npx feed-desk submit examples/entry.json` in another sends an entry to it.';

/** The one sentence where the desktop app cannot run here: why, the fix, and what runs instead. */
function cannotRun(reason, fix) {
  console.error(`npm start: the desktop app cannot run here: ${reason} (${fix}); ${INSTEAD}`);
  process.exit(1);
}

// Electron's tooling (its rebuild and electron-vite) declares Node >= 22.12.
if (!nodeAtLeast(process.version, [22, 12]) && !process.env.FEED_DESK_ANY_NODE)
  cannotRun(
    `Electron's tooling needs Node 22.12 or later and this is ${process.version}`,
    'install Node 22 LTS, for example with nvm: nvm install 22',
  );
const nodeNote = nodeAtLeast(process.version, [22, 12])
  ? ''
  : ` (Electron's tooling declares Node >= 22.12; this is ${process.version})`;

/** cpSync filter: directories and built addons (*.node), not the object files around them. */
const addonsOnly = (path) => path.endsWith('.node') || statSync(path).isDirectory();

function fail(message) {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

/** The executable electron-vite launches: ELECTRON_EXEC_PATH, or dist/ + path.txt as Electron's installer writes them. */
function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  const binary =
    process.env.ELECTRON_EXEC_PATH ||
    (existsSync(pathFile) && join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
  return binary && existsSync(binary) ? binary : null;
}

if (!existsSync(join(electronDir, 'package.json')))
  fail('Electron is not installed (node_modules/electron): run `npm ci` first.');
const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));

// Electron's package has no install script: its binary comes on first use, as `require('electron')` would fetch it.
if (!electronBinary()) {
  const missing = `Electron ${version}'s binary is not installed (node_modules/electron/dist/)`;
  const fix = `run \`${install}\` on a machine with internet access, or set ELECTRON_MIRROR, then npm start again`;
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) cannotRun(`${missing} and ELECTRON_SKIP_BINARY_DOWNLOAD is set`, fix);
  console.log(
    `Downloading Electron ${version}'s binary into node_modules/electron/dist/ (once, about 100 MB): ${install}`,
  );
  const download = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (!electronBinary()) cannotRun(`${missing}: the download failed (${errorLine(download.stderr ?? '')})`, fix);
}

// keytar is Node-API (one build serves both); better-sqlite3-multiple-ciphers is rebuilt in place when last built for Node.
const asNode = { cwd: root, env: { ELECTRON_RUN_AS_NODE: '1' } };
const failures = probeNativeModules(electronBinary(), asNode);
for (const { name, reason } of failures.filter((failure) => !failure.needsBuild))
  console.warn(`npm start: ${name} does not load in Electron (${reason}); starting anyway.`);
const stale = failures.filter((failure) => failure.needsBuild);
if (stale.length > 0) {
  console.log(`Rebuilding ${describeStale(stale)} for Electron ${version}: electron-builder install-app-deps`);
  // A failed rebuild leaves no addon at all: keep Node's to put back, so the CLI and the tests still load them.
  const saved = mkdtempSync(join(tmpdir(), 'feed-desk-addons-'));
  const release = (name) => join(root, 'node_modules', name, 'build', 'Release');
  for (const { name } of stale) {
    // @electron/rebuild skips a module whose .forge-meta claims an Electron build; here that claim is stale.
    rmSync(join(release(name), '.forge-meta'), { force: true });
    if (existsSync(release(name))) cpSync(release(name), join(saved, name), { recursive: true, filter: addonsOnly });
  }
  const electronBuilder = join(root, 'node_modules', 'electron-builder', 'cli.js');
  const rebuild = spawnSync(process.execPath, [electronBuilder, 'install-app-deps'], { cwd: root, stdio: 'inherit' });
  const rebuilt = rebuild.status === 0 && !probeNativeModules(electronBinary(), asNode).some((f) => f.needsBuild);
  if (!rebuilt)
    for (const { name } of stale)
      if (existsSync(join(saved, name))) cpSync(join(saved, name), release(name), { recursive: true });
  rmSync(saved, { recursive: true, force: true });
  if (!rebuilt)
    fail(
      `electron-builder install-app-deps failed (output above)${nodeNote}: fix what it names, then npm start again.`,
    );
}

const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const preview = spawnSync(process.execPath, [electronVite, 'preview', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(preview.status ?? 1);
