#!/usr/bin/env node
// The Node that `npm start` and `npm test` run on, checked before anything else (what they need
// from the machine besides is set up by scripts/setup.mjs).
import { fileURLToPath } from 'node:url';

/** Whether this Node is at least major.minor. */
export function nodeAtLeast(version, [major, minor]) {
  const [have = 0, haveMinor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return have > major || (have === major && haveMinor >= minor);
}

/** Checks the Node that runs `step` ('start' or 'test'): the one line to stop with, if it is too old. */
export function preflight(step, version = process.version) {
  if (!nodeAtLeast(version, [20, 19]))
    return { stop: true, line: `npm ${step} needs Node 20.19 or later; this is ${version}: install Node 22 LTS.` };
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = preflight(process.argv[2] ?? 'test');
  if (result) {
    console.error(result.line);
    if (result.stop) process.exit(1);
  }
}
