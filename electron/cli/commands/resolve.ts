import type { Command } from 'commander';
import { operatorName } from '../../main/core/core';
import { withContext } from '../context';
import { CliFailure } from '../output';
import { reportOutcome, sendAndWait } from '../report';

interface ResolveOptions {
  resend?: boolean;
  accepted?: string;
  discard?: boolean;
  note?: string;
  json?: boolean;
}

/** `feed-desk resolve ID`: a person's decision on an unknown (or failed) submission, recorded with who and when. */
export function registerResolve(program: Command): void {
  program
    .command('resolve')
    .argument('<id>', 'journal id')
    .option('--resend', 'send it again (you checked the service did not store it)')
    .option('--accepted <recordid>', 'record that the service stored it under this recordid')
    .option('--discard', 'give it up; it will not be sent')
    .option('--note <text>', 'why, for the journal')
    .option('--json', 'print JSON')
    .action((id: string, opts: ResolveOptions) =>
      withContext(async (ctx) => {
        const choices = [opts.resend, opts.accepted !== undefined, opts.discard].filter(Boolean).length;
        if (choices !== 1) throw new CliFailure('Give exactly one of --resend, --accepted RECORDID, --discard');
        const journalId = Number(id);
        if (!Number.isInteger(journalId)) throw new CliFailure('The journal id is a whole number');
        const who = operatorName();
        const note = opts.note ?? null;
        try {
          if (opts.resend) {
            const row = ctx.core.journal.resend(journalId, who, note);
            ctx.ready(ctx.profile(row.profile));
            process.exitCode = reportOutcome(await sendAndWait(ctx.core.pipeline, row, 60), !!opts.json);
          } else if (opts.accepted !== undefined) {
            const recordid = Number(opts.accepted);
            if (!Number.isInteger(recordid) || recordid < 1) throw new CliFailure('--accepted takes a recordid');
            process.exitCode = reportOutcome(
              ctx.core.journal.markAccepted(journalId, recordid, who, note),
              !!opts.json,
            );
          } else {
            ctx.core.journal.discard(journalId, who, note);
            process.stdout.write(`discarded journal #${journalId}\n`);
          }
        } catch (err) {
          if ((err as Error).name === 'JournalStateError') throw new CliFailure((err as Error).message);
          throw err;
        }
      }),
    );
}
