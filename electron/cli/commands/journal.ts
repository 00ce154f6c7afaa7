import type { Command } from 'commander';
import { JOURNAL_STATES, type JournalState, type SubmissionRow } from '@shared/journal/types';
import { withContext, unknownProfile, type CliContext } from '../context';
import { CliFailure, printJson, writeOut } from '../output';
import { calendarDate, journalState, oneOf, text, wholeNumber } from '../options';
import { rowJson } from '../report';
import { cliMoment, printTable } from '../table';
import { STATE_LABELS, stateWords } from '@shared/journal/state-words';

interface JournalOptions {
  state?: JournalState[];
  since?: string;
  profile?: string;
  text?: string;
  batch?: number;
  limit: number;
  format: 'table' | 'csv' | 'json' | 'xlsx' | 'results';
  out?: string;
  json?: boolean;
  personal: boolean;
}

/** A profile name is known when a profile has it or the journal holds rows for it (a removed profile). */
async function checkProfileFilter(ctx: CliContext, name: string): Promise<void> {
  if (ctx.core.profiles.get(name)) return;
  if ((await ctx.core.journal.list({ profile: name, limit: 1 })).total > 0) return;
  throw unknownProfile(name);
}

/** `feed-desk journal show ID`: the row, its payload as sent, and its whole history. */
async function showRow(ctx: CliContext, row: SubmissionRow, json: boolean): Promise<void> {
  const [{ wireParts }, { resolutionOf }] = await Promise.all([
    import('../../main/sending/wire-parts'),
    import('../../main/journal/resolution'),
  ]);
  const history = await ctx.core.journal.history(row.id);
  const profile = ctx.core.profiles.get(row.profile);
  const wire = wireParts(row, profile);
  const resolution = resolutionOf(history);
  if (json) {
    return printJson({
      ...rowJson(row),
      http_status: row.httpStatus,
      original_recordid: row.originalRecordid,
      updated_at: row.updatedAt,
      finished_at: row.finishedAt,
      payload: row.payload,
      sent_as: wire ?? null,
      resolution: resolution ? { by: resolution.actor, at: resolution.at, note: resolution.note } : null,
      review: row.reviewedAt ? { by: row.reviewedBy, at: row.reviewedAt, note: row.reviewNote } : null,
      history: history.map((h) => ({ from: h.fromState, to: h.toState, by: h.actor, at: h.at, note: h.note })),
    });
  }
  const out = (line: string) => process.stdout.write(line + '\n');
  const pairs = (list: Array<[string, string]>) => {
    const width = Math.max(...list.map(([k]) => k.length));
    for (const [k, v] of list) out(`  ${k.padEnd(width)}  ${v}`);
  };
  out(`journal #${row.id}: ${row.kind} ${stateWords(row)}${row.recordid !== null ? `, recordid ${row.recordid}` : ''}`);
  const facts: Array<[string, string]> = [
    ['profile', row.profile],
    ['operator', row.operator],
    ['created', cliMoment(row.createdAt, true)],
    ['updated', cliMoment(row.updatedAt, true)],
    ['attempts', String(row.attempts)],
  ];
  if (row.finishedAt) facts.push(['finished', cliMoment(row.finishedAt, true)]);
  if (row.httpStatus !== null) facts.push(['http status', String(row.httpStatus)]);
  if (row.message) facts.push(['message', row.message]);
  if (row.errorCode) facts.push(['error code', row.errorCode]);
  if (row.nextAttemptAt) facts.push(['next attempt', cliMoment(row.nextAttemptAt, true)]);
  if (row.originalRecordid !== null) facts.push(['cancels recordid', String(row.originalRecordid)]);
  facts.push([
    'resolved',
    resolution
      ? `by ${resolution.actor} at ${cliMoment(resolution.at, true)}${resolution.note ? `: ${resolution.note}` : ''}`
      : 'no',
  ]);
  facts.push([
    'reviewed',
    row.reviewedAt
      ? `by ${row.reviewedBy ?? ''} at ${cliMoment(row.reviewedAt, true)}${row.reviewNote ? `: ${row.reviewNote}` : ''}`
      : 'no',
  ]);
  pairs(facts);
  if (row.errorFields) {
    out('field errors from the service:');
    pairs(Object.entries(row.errorFields));
  }
  if (wire) {
    out(`payload as sent (profile ${row.profile}, dates as ${profile?.dateFormat}):`);
    pairs(wire.map(([k, v]) => [k, v === '' ? '(blank)' : v]));
  } else {
    out(`payload as stored (profile ${row.profile} no longer exists, so its wire format is unknown):`);
    pairs(Object.entries(row.payload).map(([k, v]) => [k, v === '' ? '(blank)' : v]));
  }
  out('history:');
  for (const h of history) {
    const to = STATE_LABELS[h.toState];
    const change = h.fromState ? `${STATE_LABELS[h.fromState]} → ${to}` : to;
    out(`  ${cliMoment(h.at, true)}  ${change.padEnd(21)}  ${h.actor}${h.note ? `: ${h.note}` : ''}`);
  }
}

/** `feed-desk journal`: list or export what was submitted; `journal show ID` for one row. */
export function registerJournal(program: Command): void {
  const journal = program
    .command('journal')
    .description('List the journal (newest first) or export it; `journal show ID` shows one submission')
    .option(
      '--state <state...>',
      `only these states (${JOURNAL_STATES.join(', ')}); repeat or list several`,
      journalState,
    )
    .option('--since <date>', 'only submissions created on or after YYYY-MM-DD', calendarDate('--since'))
    .option('--profile <name>', 'only this profile', text('--profile', 200))
    .option('--text <text>', 'search reference, surname, policy, postcode, recordid, journal id', text('--text', 200))
    .option('--batch <id>', 'only the rows of this bulk import', wholeNumber('--batch', 1, Number.MAX_SAFE_INTEGER))
    .option(
      '--limit <n>',
      'at most this many rows, 1 to 1000 (table and json; csv exports all)',
      wholeNumber('--limit', 1, 1000),
      100,
    )
    .option(
      '--format <format>',
      'table, csv, json, xlsx (a workbook as the screen saves it, with --out), or results (with --batch: file ' +
        'row number, state, recordid, message)',
      oneOf('--format', ['table', 'csv', 'json', 'xlsx', 'results'] as const),
      'table',
    )
    .option('--out <file>', 'with --format xlsx: the workbook to write (replaced whole, never half-written)')
    .option('--json', 'the same as --format json')
    .option(
      '--no-personal',
      "csv and results: leave out the customers' personal fields (names, addresses, e-mail, telephone); " +
        'otherwise the first line says the file holds personal data',
    )
    .action((opts: JournalOptions) =>
      withContext(async (ctx) => {
        if (opts.profile) await checkProfileFilter(ctx, opts.profile);
        const filter = {
          ...(opts.state?.length ? { states: opts.state } : {}),
          ...(opts.since ? { from: opts.since } : {}),
          ...(opts.profile ? { profile: opts.profile } : {}),
          ...(opts.text ? { text: opts.text } : {}),
          ...(opts.batch ? { batch: opts.batch } : {}),
        };
        const format = opts.json ? 'json' : opts.format;
        if (format === 'xlsx') {
          if (!opts.out) throw new CliFailure('--format xlsx writes a workbook: give the file with --out FILE.xlsx');
          const [{ writePeopleXlsx }, { writeAtomically }] = await Promise.all([
            import('../../main/journal/csv-for-people'),
            import('../../main/ipc/handlers/write-atomically'),
          ]);
          const out = opts.out;
          const rows = await writeAtomically(out, (write) =>
            writePeopleXlsx(ctx.core.journal, () => ctx.core.journal.iterate(filter), write, opts),
          );
          process.stderr.write(`${rows} row(s) written to ${out}\n`);
          return;
        }
        if (opts.out)
          throw new CliFailure('--out goes with --format xlsx (csv and the others write to standard output)');
        if (format === 'results') {
          if (!opts.batch) throw new CliFailure('--format results needs --batch ID');
          if (!(await ctx.core.journal.batches.get(opts.batch))) {
            throw new CliFailure(`No batch ${opts.batch} in the journal`, { code: 'not-found' });
          }
          // Loaded here: the import readers (exceljs, unzipper) serve only this format.
          const { writeBatchResults } = await import('../../main/import/batch-csv');
          await writeBatchResults(ctx.core, opts.batch, writeOut, opts);
          return;
        }
        if (format === 'csv') {
          const { writeJournalCsv } = await import('../../main/journal/csv-export');
          await writeJournalCsv(ctx.core.journal, filter, writeOut, opts);
          return;
        }
        const { rows } = await ctx.core.journal.list({ ...filter, limit: opts.limit });
        if (format === 'json') printJson(rows.map(rowJson));
        else printTable(rows);
      }),
    );

  journal
    .command('show')
    .description('Show one submission: its state, the payload as sent, and its whole history (who, when, note)')
    .argument(
      '<id>',
      'journal id (the number after "journal #")',
      wholeNumber('the journal id', 1, Number.MAX_SAFE_INTEGER),
    )
    .option('--json', 'print one JSON object')
    .action((id: number, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const row = await ctx.core.journal.get(id);
        if (!row) throw new CliFailure(`No journal entry ${id}; see \`feed-desk journal\``, { code: 'not-found' });
        await showRow(ctx, row, !!opts.json);
      }),
    );
}
