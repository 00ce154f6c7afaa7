import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { withContext } from '../context';
import { CliFailure, printFieldErrors, printJson } from '../output';
import { reportOutcome, rowJson, sendAndWait } from '../report';

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

interface SubmitOptions {
  profile?: string;
  json?: boolean;
  wait: string;
  allowDuplicate?: boolean;
}

/** `feed-desk submit ENTRY.json`: validate, journal, send, wait for retries, print the outcome. */
export function registerSubmit(program: Command): void {
  program
    .command('submit')
    .argument('<entry>', 'JSON file holding one entry keyed by the service field names (dates as YYYY-MM-DD)')
    .option('--profile <name>', 'profile to use (default: the active one)')
    .option('--json', 'print one JSON line instead of text')
    .option('--wait <seconds>', 'how long to wait for automatic retries', '60')
    .option('--allow-duplicate', 'send even if an earlier submission looks the same')
    .description('Submit one feed entry through the journal; exits non-zero unless it was accepted')
    .action((file: string, opts: SubmitOptions) =>
      withContext(async (ctx) => {
        const wait = Number(opts.wait);
        if (!Number.isFinite(wait) || wait < 0) throw new CliFailure('--wait takes a number of seconds');
        const profile = ctx.profile(opts.profile);
        const input = readEntryFile(file);
        ctx.ready(profile);
        const result = ctx.core.pipeline.submit({
          kind: 'entry',
          input,
          profile: profile.name,
          confirmDuplicate: opts.allowDuplicate,
        });
        if (!result.ok && result.code === 'invalid') {
          if (opts.json)
            printJson({ ok: false, error: { code: 'invalid', message: 'Invalid entry', fields: result.fields } });
          else {
            process.stderr.write(`feed-desk: ${file} is not a valid entry (nothing was sent):\n`);
            printFieldErrors(result.fields);
          }
          process.exitCode = 2;
          return;
        }
        if (!result.ok && result.code === 'duplicate') {
          const d = result.duplicate;
          if (opts.json) printJson({ ok: false, error: { code: 'duplicate', duplicate: rowJson(d) } });
          else {
            process.stderr.write(
              `feed-desk: possible duplicate of journal #${d.id} (${d.state}${d.recordid ? `, recordid ${d.recordid}` : ''}, ` +
                `${d.createdAt}): nothing was sent. Use --allow-duplicate to send it anyway.\n`,
            );
          }
          process.exitCode = 3;
          return;
        }
        if (!result.ok) throw new CliFailure(result.message);
        process.exitCode = reportOutcome(await sendAndWait(ctx.core.pipeline, result.row, wait), !!opts.json);
      }),
    );
}
