// Vitest global setup: builds out/cli once, before any test file runs, when it is missing or older
// than the sources (a clean clone, an edited source), so the many tests that start the real CLI
// (bin/feed-desk.mjs) all find it built instead of each building it at once.
import { buildCli } from '../../scripts/build-cli.mjs';
import { cliIsStale } from '../../scripts/cli-sources.mjs';

export default async function setup(): Promise<void> {
  if (cliIsStale()) await buildCli();
}
