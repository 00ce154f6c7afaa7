import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { withContext } from '../context';
import { printJson } from '../output';

/** This version of Feed Desk, from the package.json beside the build (out/cli) or the sources (electron/cli). */
function packageVersion(): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    try {
      return (JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as { version: string }).version;
    } catch {
      // not there: the other layout
    }
  }
  return 'unknown';
}

/** `feed-desk diagnostics --out FILE`: what support needs, with no customer data and no secret. */
export function registerDiagnostics(program: Command): void {
  program
    .command('diagnostics')
    .description(
      'Save diagnostics for support (versions, profiles, journal, counts, the latest 200 failures) with every personal field and secret removed',
    )
    .requiredOption('--out <file>', 'the file to write (JSON)')
    .option('--json', 'print where it was saved as JSON')
    .action((opts: { out: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const { buildDiagnostics, writeDiagnostics } = await import('../../main/support/diagnostics');
        const diagnostics = await buildDiagnostics(ctx.core, {
          name: 'feed-desk (command line)',
          version: packageVersion(),
        });
        const path = resolve(opts.out);
        writeDiagnostics(path, diagnostics);
        if (opts.json) printJson({ path, errors: diagnostics.errors.length });
        else
          process.stdout.write(
            `Saved diagnostics to ${path} (no customer data, no secrets): ${diagnostics.errors.length} failures listed\n`,
          );
      }),
    );
}
