import { Command } from 'commander';
import { registerSubmit } from './commands/submit';
import { registerProfiles } from './commands/profiles';
import { registerSandbox } from './commands/sandbox';
import { registerJournal } from './commands/journal';
import { registerOutbox } from './commands/outbox';
import { registerResolve } from './commands/resolve';
import { registerOffice } from './commands/office';
import { registerCancel } from './commands/cancel';
import { registerDiagnostics } from './commands/diagnostics';
import { registerPrivacy } from './commands/privacy';
import { setJournalUrl } from './context';

/**
 * The `feed-desk` command tree. Errors are not printed by commander: the caller reports every
 * failure once, as one line (or one JSON object with --json). Options belong to the command they
 * follow (`feed-desk journal show 3 --json`).
 */
export function buildProgram(): Command {
  const program = new Command('feed-desk')
    .description(
      'Key entries into the Feed Service from the command line. FEED_DESK_HOME selects the data folder; ' +
        'exit status 0 accepted (or done), 2 invalid input, 3 possible duplicate, 1 anything else.',
    )
    .option(
      '--journal <url>',
      'use this office journal (postgres://USER@HOST:PORT/DATABASE; also FEED_DESK_JOURNAL_URL); password from the keychain or PGPASSWORD',
    )
    .hook('preAction', (command) => setJournalUrl(command.opts<{ journal?: string }>().journal))
    .enablePositionalOptions()
    .configureOutput({ outputError: () => {} })
    .exitOverride();
  registerSubmit(program);
  registerCancel(program);
  registerProfiles(program);
  registerJournal(program);
  registerOutbox(program);
  registerResolve(program);
  registerSandbox(program);
  registerOffice(program);
  registerDiagnostics(program);
  registerPrivacy(program);
  return program;
}

/** The command a command line names (`journal show`), for the help hint of an error. */
export function commandPath(program: Command, args: readonly string[]): string {
  const names: string[] = [];
  let current = program;
  for (const arg of args) {
    if (arg === '--') break;
    const next = current.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!next) continue;
    names.push(next.name());
    current = next;
  }
  return names.join(' ');
}

/** True when the command line asks for JSON (`--json`, `--format json`): errors are then JSON too. */
export function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const own = end === -1 ? args : args.slice(0, end);
  return own.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && own[i + 1] === 'json'));
}
