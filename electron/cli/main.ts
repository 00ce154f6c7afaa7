import { Command, CommanderError } from 'commander';
import { registerSubmit } from './commands/submit';
import { registerProfiles } from './commands/profiles';
import { registerSandbox } from './commands/sandbox';
import { registerJournal } from './commands/journal';
import { registerOutbox } from './commands/outbox';
import { registerResolve } from './commands/resolve';
import { CliFailure } from './output';

/** The `feed-desk` command line: the same core as the desktop app, for automation. */
const program = new Command('feed-desk')
  .description('Key entries into the Feed Service from the command line (FEED_DESK_HOME selects the data folder)')
  .showHelpAfterError()
  .exitOverride();

registerSubmit(program);
registerProfiles(program);
registerJournal(program);
registerOutbox(program);
registerResolve(program);
registerSandbox(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exitCode = err.exitCode === 0 ? 0 : 2;
  else if (err instanceof CliFailure) {
    process.stderr.write(`feed-desk: ${err.message}\n`);
    process.exitCode = err.exitCode;
  } else {
    process.stderr.write(`feed-desk: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
