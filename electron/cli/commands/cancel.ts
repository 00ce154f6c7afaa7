import type { Command } from 'commander';
import { parseCancellation } from '@shared/entry/cancellation';
import { withContext } from '../context';
import { CliFailure } from '../output';
import { calendarDate, collect, seconds, text, wholeNumber } from '../options';
import { reportSubmitted } from '../report';

interface CancelOptions {
  recordid: number;
  reason: string;
  date?: string;
  profile?: string;
  field?: string[];
  json?: boolean;
  wait: number;
  allowDuplicate?: boolean;
}

/** `NAME=VALUE` pairs of --field, refused when one has no `=`. */
function fieldPairs(list: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    list.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new CliFailure(`--field takes NAME=VALUE; ${pair} is not one`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** `feed-desk cancel`: a cancellation request for an entry, prefilled from the journal, through the same pipeline. */
export function registerCancel(program: Command): void {
  program
    .command('cancel')
    .description(
      'File a cancellation request for an accepted entry (fields the journal knows for its recordid are prefilled); exits non-zero unless it was accepted',
    )
    .requiredOption(
      '--recordid <n>',
      'recordid of the original entry',
      wholeNumber('--recordid', 1, Number.MAX_SAFE_INTEGER),
    )
    .requiredOption('--reason <text>', 'why it is cancelled', text('--reason', 10_000))
    .option('--date <date>', 'cancellation date as YYYY-MM-DD (default: today)', calendarDate('--date'))
    .option('--profile <name>', 'profile to use (default: FEED_DESK_PROFILE, else the active one)')
    .option(
      '--field <name=value>',
      'supply or override a field of the profile’s cancellation set (repeatable)',
      collect,
    )
    .option('--json', 'print one JSON object instead of text')
    .option('--wait <seconds>', 'how long to wait for automatic retries', seconds('--wait'), 60)
    .option('--allow-duplicate', 'send even if a cancellation of this recordid was filed already')
    .action((opts: CancelOptions) =>
      withContext(async (ctx) => {
        const profile = ctx.profile(opts.profile);
        const asked = new Set(
          profile.cancellation.fields.filter((f) => f.wire !== null || f.name === 'recordid').map((f) => f.name),
        );
        // What the journal knows of the original entry fills the fields the profile asks for.
        const { rows } = await ctx.core.journal.list({
          recordid: opts.recordid,
          kind: 'entry',
          profile: profile.name,
          limit: 1,
        });
        const known = rows[0]?.payload ?? {};
        const prefilled = Object.fromEntries(Object.entries(known).filter(([name, value]) => asked.has(name) && value));
        const input = {
          ...prefilled,
          recordid: String(opts.recordid),
          cancellation_date: opts.date ?? new Date().toISOString().slice(0, 10),
          reason: opts.reason,
          ...fieldPairs(opts.field ?? []),
        };
        const checked = parseCancellation(input, profile);
        if (!checked.ok) {
          throw new CliFailure('The cancellation is not valid (nothing was sent):', {
            fields: checked.fields,
            details: { fields: checked.fields },
          });
        }
        if (!profile.cancellation.path) {
          process.stderr.write(
            `feed-desk: profile ${profile.name} has no cancellation path yet: the request is queued and sent once ` +
              '`feed-desk profiles set NAME --cancellation-path PATH` sets it\n',
          );
        }
        ctx.ready(profile);
        const result = await ctx.core.pipeline.submit({
          kind: 'cancellation',
          input,
          profile: profile.name,
          confirmDuplicate: opts.allowDuplicate,
        });
        await reportSubmitted(ctx, result, opts);
      }),
    );
}
