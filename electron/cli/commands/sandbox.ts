import type { Command } from 'commander';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/tokens';
import { writeSandboxLink } from '../../main/core/sandbox-link';
import { dataHome } from '../../main/profiles/data-home';
import { privateDataFolder } from '../../main/support/private-files';
import { CliFailure, printJson } from '../output';
import { oneOf, wholeNumber } from '../options';
import { DATE_FORMATS, type DateFormat } from '@shared/profile/schema';
import { FAULT_SPEC_EXAMPLES, FAULT_SPEC_HELP, parseFaultSpec } from '../../sandbox/fault-spec';
import type { QueuedFault } from '../../sandbox/faults';

/** `--fault SPEC`, repeatable: each spec read by the sandbox's own parser. */
function fault(spec: string, previous: QueuedFault[] | undefined): QueuedFault[] {
  try {
    return [...(previous ?? []), parseFaultSpec(spec)];
  } catch (err) {
    throw new CliFailure(`--fault: ${(err as Error).message}`);
  }
}

interface SandboxOptions {
  port?: number;
  dateFormat: DateFormat;
  fault?: QueuedFault[];
  json?: boolean;
}

/** `feed-desk sandbox [--port N]`: runs the built-in sandbox service until interrupted. */
export function registerSandbox(program: Command): void {
  program
    .command('sandbox')
    .description(
      'Run the built-in sandbox Feed Service on 127.0.0.1 until Ctrl+C; the Sandbox profile of the same FEED_DESK_HOME points at it',
    )
    .option('--port <n>', 'port to listen on (default: a free one)', wholeNumber('--port', 0, 65535))
    .option(
      '--date-format <format>',
      `wire date format it accepts: ${DATE_FORMATS.join(', ')}`,
      oneOf('--date-format', DATE_FORMATS),
      'YYYY-MM-DD',
    )
    .option(
      '--fault <spec>',
      'misbehave on purpose, to rehearse the hard cases (repeatable, used in order), e.g. entry:status=502:store',
      fault,
    )
    .option('--json', 'print where it listens as one JSON object (url, client_id, client_secret, home)')
    .addHelpText(
      'after',
      `\nFault specs (--fault):\n${FAULT_SPEC_HELP.map((l) => `  ${l}`).join('\n')}\n` +
        `Examples: ${FAULT_SPEC_EXAMPLES.join('  ')}\n`,
    )
    .action(async (opts: SandboxOptions) => {
      const home = dataHome();
      privateDataFolder(home);
      // Loaded here: only this command runs the sandbox server (busboy and its routes).
      const { startSandbox } = await import('../../sandbox/server');
      const sandbox = await startSandbox({ port: opts.port ?? 0, dateFormat: opts.dateFormat });
      for (const f of opts.fault ?? []) sandbox.faults.add(f);
      const unlink = writeSandboxLink(home, sandbox.url);
      if (opts.json) {
        const faults = opts.fault ?? [];
        printJson({
          url: sandbox.url,
          client_id: SANDBOX_CLIENT_ID,
          client_secret: SANDBOX_CLIENT_SECRET,
          home,
          faults,
        });
      } else {
        process.stdout.write(
          `Sandbox Feed Service listening on ${sandbox.url}\n` +
            `  demo client_id:     ${SANDBOX_CLIENT_ID}\n` +
            `  demo client_secret: ${SANDBOX_CLIENT_SECRET}\n` +
            `  the Sandbox profile of ${home} now points here; Ctrl+C stops it\n` +
            (opts.fault?.length ? `  faults queued: ${opts.fault.length} (see \`feed-desk sandbox --help\`)\n` : ''),
        );
      }
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      unlink();
      await sandbox.close();
    });
}
