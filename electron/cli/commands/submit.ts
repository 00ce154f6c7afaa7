import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parseEntry } from '../../../shared/entry/schema';
import { encodeEntry } from '../../../shared/entry/wire';
import { isServiceError } from '../../main/service/errors';
import { openContext } from '../context';
import { CliFailure, printFieldErrors, printJson } from '../output';

function readEntryFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliFailure(`Cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliFailure(`${file} is not JSON: ${(err as Error).message}`);
  }
}

/** `feed-desk submit ENTRY.json`: validate with the shared schema, send, print the recordid. */
export function registerSubmit(program: Command): void {
  program
    .command('submit')
    .argument('<entry>', 'JSON file holding one entry keyed by the service field names (dates as YYYY-MM-DD)')
    .option('--profile <name>', 'profile to use (default: the active one)')
    .option('--json', 'print one JSON line instead of text')
    .description('Submit one feed entry; exits non-zero unless it was accepted')
    .action(async (file: string, opts: { profile?: string; json?: boolean }) => {
      const ctx = openContext();
      const profile = ctx.profile(opts.profile);
      const parsed = parseEntry(readEntryFile(file), profile);
      if (!parsed.ok) {
        if (opts.json)
          printJson({ ok: false, error: { code: 'invalid', message: 'Invalid entry', fields: parsed.fields } });
        else {
          process.stderr.write(`feed-desk: ${file} is not a valid entry:\n`);
          printFieldErrors(parsed.fields);
        }
        process.exitCode = 2;
        return;
      }
      try {
        const record = await ctx.connect(profile).feed.createEntry(encodeEntry(parsed.entry, profile));
        if (opts.json) printJson({ ok: true, recordid: record.recordid, message: record.message });
        else process.stdout.write(`accepted: recordid ${record.recordid} (${record.message})\n`);
      } catch (err) {
        if (!isServiceError(err)) throw err;
        const fields = err.name === 'HttpError' ? err.summary.fields : {};
        if (opts.json) printJson({ ok: false, error: { code: err.name, message: err.message, fields } });
        else {
          process.stderr.write(`feed-desk: not accepted: ${err.message}\n`);
          printFieldErrors(fields);
        }
        process.exitCode = 1;
      }
    });
}
