/**
 * Whether out/cli is as new as the sources it is built from, cheaply enough for every start of
 * bin/feed-desk.mjs (about 4 ms): one stat per file under electron/ and shared/ (and the build
 * scripts), nothing read. The build writes the newest modification time it saw into out/cli/.stamp;
 * the CLI is stale when a source is newer than that, or when there is no stamp. Paths are joined by
 * hand: node:path's join costs more than the stats here.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The checkout's root, with a trailing separator. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const CLI_OUT = `${ROOT}out/cli`;
export const STAMP = '.stamp';
const SOURCES = ['electron', 'shared'];
const BUILD_FILES = ['scripts/build-cli.mjs', 'scripts/cli-sources.mjs'];

function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    const mtime = entry.isDirectory() ? newestUnder(path) : entry.isFile() ? statSync(path).mtimeMs : 0;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** The newest modification time (ms) among the CLI's sources: what the stamp records. */
export function sourceSignature() {
  let newest = 0;
  for (const dir of SOURCES) newest = Math.max(newest, newestUnder(ROOT + dir));
  for (const file of BUILD_FILES) newest = Math.max(newest, statSync(ROOT + file).mtimeMs);
  return String(newest);
}

/** True when out/cli/main.js is missing, has no stamp, or a source changed after the build read it. */
export function cliIsStale() {
  let stamped;
  try {
    stamped = Number(readFileSync(`${CLI_OUT}/${STAMP}`, 'utf8'));
    statSync(`${CLI_OUT}/main.js`);
    statSync(`${CLI_OUT}/journal-worker.js`);
  } catch {
    return true;
  }
  return !(Number(sourceSignature()) <= stamped);
}
