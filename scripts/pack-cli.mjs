#!/usr/bin/env node
/**
 * Packs the command line for the installers: `npm pack` (its prepack builds out/cli) into
 * out/cli-package/, which electron-builder.yml carries as extraResources (resources/cli/). Any
 * tarball of an earlier version there is removed first, so the installers carry one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, 'out/cli-package');

mkdirSync(OUT, { recursive: true });
for (const file of readdirSync(OUT)) if (file.endsWith('.tgz')) rmSync(join(OUT, file));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const name = execFileSync(npm, ['pack', '--silent', '--pack-destination', OUT], {
  cwd: ROOT,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  shell: process.platform === 'win32',
}).trim();
console.log(`out/cli-package/${name.split('\n').pop()}`);
