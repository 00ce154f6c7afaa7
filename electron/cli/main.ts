import { CommanderError } from 'commander';
import { buildProgram, commandPath, wantsJson } from './program';
import { CliFailure, EXIT, OutputClosed, printFieldErrors, printJson, watchOutput } from './output';
import { keepFilesPrivate } from '../main/support/private-files';

keepFilesPrivate();
watchOutput();

/** Known failures from the core, by name: their exit status and JSON code. */
const CORE_FAILURES: Record<string, { code: string; exitCode: number }> = {
  JournalStateError: { code: 'state', exitCode: EXIT.invalid },
  ProfileError: { code: 'profile', exitCode: EXIT.invalid },
  KeychainUnavailableError: { code: 'keychain', exitCode: EXIT.other },
  KeychainItemError: { code: 'keychain', exitCode: EXIT.other },
  JournalUnreachableError: { code: 'journal-unreachable', exitCode: EXIT.other },
  OfficePermissionError: { code: 'forbidden', exitCode: EXIT.other },
};

/** One line for any error: zod's issue list becomes "path: message; ...". */
function oneLine(err: Error): string {
  const issues = (err as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
  if (err.name === 'ZodError' && Array.isArray(issues)) {
    return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
  }
  return err.message.split('\n')[0] ?? '';
}

/** Turns whatever a command threw into a CliFailure (message, code, exit status). */
function toFailure(err: unknown, hint: string): CliFailure {
  if (err instanceof CliFailure) return err;
  if (err instanceof CommanderError) {
    const message = err.message.replace(/^error: /, '');
    return new CliFailure(`${message} (see \`${hint} --help\`)`, { code: 'usage', exitCode: EXIT.invalid });
  }
  const error = err instanceof Error ? err : new Error(String(err));
  // The office database refusing a connection: office-no-tls, office-password, office-database…
  const refusal = error.name === 'OfficeConnectionError' ? (error as Error & { reason: string }).reason : undefined;
  const known = refusal ? { code: `office-${refusal}`, exitCode: EXIT.other } : CORE_FAILURES[error.name];
  return new CliFailure(oneLine(error), known ?? { code: 'error', exitCode: EXIT.other });
}

const args = process.argv.slice(2);
const json = wantsJson(args);
const program = buildProgram();
try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof OutputClosed) {
    // The reader of standard output went away (`| head`): what it took was written; nothing to say.
  } else if (err instanceof CommanderError && (err.exitCode === 0 || err.code === 'commander.help')) {
    // --help (or a command that only groups others): the help was printed.
    process.exitCode = err.exitCode === 0 ? 0 : EXIT.invalid;
  } else {
    const failure = toFailure(err, ['feed-desk', commandPath(program, args)].filter(Boolean).join(' '));
    if (json) printJson({ ok: false, error: { code: failure.code, message: failure.message, ...failure.details } });
    else {
      process.stderr.write(`feed-desk: ${failure.message}\n`);
      if (failure.fields) printFieldErrors(failure.fields);
    }
    process.exitCode = failure.exitCode;
  }
}
