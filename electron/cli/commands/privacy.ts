import { resolve } from 'node:path';
import type { Command } from 'commander';
import { withContext } from '../context';
import { CliFailure, printJson } from '../output';
import { text, wholeNumber } from '../options';
import { rowJson } from '../report';
import { printTable } from '../table';
import { RETENTION_MAX_DAYS, personQuerySchema, type PersonQuery } from '@shared/journal/privacy';

const journalId = wholeNumber('a journal id', 1, Number.MAX_SAFE_INTEGER);
const ids = (value: string, previous: number[] | undefined) => [...(previous ?? []), journalId(value)];

/** Whom `privacy find` looks for: an e-mail address, or a surname with --postcode. */
function personOf(words: string, postcode: string | undefined): PersonQuery {
  const asked = postcode === undefined ? { email: words } : { surname: words, postcode };
  if (postcode === undefined && !words.includes('@')) {
    throw new CliFailure('Give an e-mail address, or a surname with --postcode POSTCODE');
  }
  const checked = personQuerySchema.safeParse(asked);
  if (!checked.success) throw new CliFailure(checked.error.issues[0]?.message ?? 'Not a person to look for');
  return checked.data;
}

/** A retention rule as typed: days, or off. */
function retentionDays(typed: string): number | null {
  if (typed === 'off') return null;
  const days = /^\d+$/.test(typed) ? Number(typed) : NaN;
  if (!Number.isSafeInteger(days) || days < 1 || days > RETENTION_MAX_DAYS) {
    throw new CliFailure(`Retention is a whole number of days from 1 to ${RETENTION_MAX_DAYS}, or off; not ${typed}`);
  }
  return days;
}

/** How a retention rule reads: "90 days (set by sam at …)" or "off". */
const ruleWords = (days: number | null) => (days === null ? 'off: personal details are kept' : `${days} days`);

/** `feed-desk privacy …`: a person's data (find, export, erase) and how long personal details are kept. */
export function registerPrivacy(program: Command): void {
  const privacy = program
    .command('privacy')
    .description(
      "A person's data (find, export, erase) and how long personal details of settled rows are kept (supervisors; on this computer, its user)",
    );

  privacy
    .command('find')
    .description('Every submission about one person: by e-mail (case ignored), or by surname with --postcode')
    .argument('<text>', 'an e-mail address, or a surname with --postcode')
    .option('--postcode <postcode>', 'with a surname: the postcode (case and spaces ignored)', text('--postcode', 20))
    .option('--json', 'print the rows as JSON (with their payloads)')
    .action((words: string, opts: { postcode?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const rows = await ctx.core.journal.privacy.find(personOf(words, opts.postcode));
        if (opts.json) printJson(rows.map((row) => ({ ...rowJson(row), payload: row.payload })));
        else if (rows.length === 0) process.stdout.write('No submission about this person in the journal\n');
        else printTable(rows);
      }),
    );

  privacy
    .command('export')
    .description('Write these submissions as they were sent, for an access request: CSV or JSON (by the file name)')
    .argument('<ids...>', 'journal ids (from `privacy find`)', ids)
    .requiredOption('--out <file>', 'the file to write: .csv or .json')
    .option('--json', 'print where it was saved as JSON')
    .action((rowIds: number[], opts: { out: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const format = /\.csv$/i.test(opts.out) ? 'csv' : /\.json$/i.test(opts.out) ? 'json' : undefined;
        if (!format) throw new CliFailure('--out names a .csv or a .json file');
        const [{ writePersonExport }, { writeAtomically }, { wireParts }] = await Promise.all([
          import('../../main/journal/privacy-export'),
          import('../../main/ipc/handlers/write-atomically'),
          import('../../main/sending/wire-parts'),
        ]);
        const path = resolve(opts.out);
        const rows = await writeAtomically(path, (write) =>
          writePersonExport(ctx.core.journal, rowIds, format, write, (row) =>
            wireParts(row, ctx.core.profiles.get(row.profile)),
          ),
        );
        if (opts.json) printJson({ path, rows });
        else process.stdout.write(`Saved ${rows} submission(s) to ${path} (it holds personal data)\n`);
      }),
    );

  privacy
    .command('erase')
    .description(
      'Remove the personal fields of these settled submissions now (recordid, reference, policy, amounts, dates, state and history stay); the history records who, when and why',
    )
    .argument('<ids...>', 'journal ids (from `privacy find`)', ids)
    .requiredOption(
      '--reason <text>',
      'why, for the history (an erasure request, its reference)',
      text('--reason', 500),
    )
    .option('--json', 'print how many as JSON')
    .action((rowIds: number[], opts: { reason: string; json?: boolean }) =>
      withContext(async (ctx) => {
        if (!opts.reason.trim()) throw new CliFailure('--reason says why (it is kept in the history)');
        const erased = await ctx.core.journal.privacy.erase(rowIds, opts.reason);
        if (opts.json) printJson({ erased });
        else process.stdout.write(`Erased the personal details of ${erased} submission(s)\n`);
      }),
    );

  privacy
    .command('purge')
    .description(
      "Remove personal details of settled submissions older than the journal's retention now (or than --older-than DAYS)",
    )
    .option(
      '--older-than <days>',
      `settled submissions created more than DAYS days ago (0 to ${RETENTION_MAX_DAYS}) instead of the retention`,
      wholeNumber('--older-than', 0, RETENTION_MAX_DAYS),
    )
    .option('--json', 'print how many as JSON')
    .action((opts: { olderThan?: number; json?: boolean }) =>
      withContext(async (ctx) => {
        const { journal } = ctx.core;
        if (opts.olderThan === undefined && (await journal.privacy.retention()).days === null) {
          throw new CliFailure(
            'Retention is off, so nothing is due: set it with `feed-desk privacy retention DAYS`, or give --older-than DAYS',
          );
        }
        const removed = await journal.privacy.purge(opts.olderThan);
        if (opts.json) printJson({ removed });
        else process.stdout.write(`Removed the personal details of ${removed} settled submission(s)\n`);
      }),
    );

  privacy
    .command('retention')
    .description(
      'Show how long personal details of settled submissions are kept, or set it: a number of days, or off (the default)',
    )
    .argument('[days]', `days (1 to ${RETENTION_MAX_DAYS}) or off; without it, shows the setting`)
    .option('--json', 'print the setting as JSON')
    .action((days: string | undefined, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { privacy: store } = ctx.core.journal;
        const rule = days === undefined ? await store.retention() : await store.setRetention(retentionDays(days));
        if (opts.json) printJson(rule);
        else {
          const by = rule.setBy ? ` (set by ${rule.setBy})` : '';
          process.stdout.write(`Retention: ${ruleWords(rule.days)}${by}\n`);
        }
      }),
    );
}
