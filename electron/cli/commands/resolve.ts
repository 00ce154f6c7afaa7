import type { Command } from 'commander';
import { withContext } from '../context';
import { CliFailure, printJson } from '../output';
import { text, wholeNumber } from '../options';
import { duplicateFailure, reportOutcome, rowJson, sendAndWait } from '../report';

interface ResolveOptions {
  resend?: boolean;
  allowDuplicate?: boolean;
  accepted?: number;
  discard?: boolean;
  note?: string;
  json?: boolean;
}

/** `feed-desk resolve ID`: a person's decision on an unknown (or failed) submission, recorded with who and when. */
export function registerResolve(program: Command): void {
  program
    .command('resolve')
    .description(
      "Record a person's decision on an unknown, failed or rejected submission (who and when are kept in its history; see `journal show ID`)",
    )
    .argument(
      '<id>',
      'journal id (the number after "journal #")',
      wholeNumber('the journal id', 1, Number.MAX_SAFE_INTEGER),
    )
    .option('--resend', 'send it again (you checked the service did not store it); waits up to 60 s for retries')
    .option(
      '--allow-duplicate',
      'with --resend: send it even if it may repeat an accepted, sending, unknown or queued entry (exit 3 otherwise)',
    )
    .option(
      '--accepted <recordid>',
      'record that the service stored it under this recordid',
      wholeNumber('--accepted', 1, Number.MAX_SAFE_INTEGER),
    )
    .option('--discard', 'give it up; it will not be sent')
    .option('--note <text>', 'why, for the journal', text('--note', 1000))
    .option('--json', 'print the row as one JSON object')
    .action((id: number, opts: ResolveOptions) =>
      withContext(async (ctx) => {
        const choices = [opts.resend, opts.accepted !== undefined, opts.discard].filter(Boolean).length;
        if (choices !== 1) throw new CliFailure('Give exactly one of --resend, --accepted RECORDID, --discard');
        const current = await ctx.core.journal.get(id);
        if (!current) throw new CliFailure(`No journal entry ${id}; see \`feed-desk journal\``, { code: 'not-found' });
        const note = opts.note ?? null;
        const json = !!opts.json;
        if (opts.resend) {
          ctx.ready(ctx.profile(current.profile));
          const result = await ctx.core.journal.resend(id, note, !!opts.allowDuplicate);
          if (result.duplicate) throw duplicateFailure(result.duplicate);
          process.exitCode = reportOutcome(await sendAndWait(ctx.core, result.row, 60), json);
        } else if (opts.accepted !== undefined) {
          process.exitCode = reportOutcome(await ctx.core.journal.markAccepted(id, opts.accepted, note), json);
        } else {
          const row = await ctx.core.journal.discard(id, note);
          if (json) printJson(rowJson(row));
          else process.stdout.write(`discarded journal #${id}\n`);
        }
      }),
    );
}
