import type { Command } from 'commander';
import { JOURNAL_STATES, type JournalState, type SubmissionRow } from '../../../shared/journal/types';
import { exportCsv, listSubmissions } from '../../main/journal/queries';
import { withContext } from '../context';
import { CliFailure, printJson } from '../output';
import { rowJson } from '../report';

/** Prints rows as an aligned text table. */
export function printTable(rows: SubmissionRow[]): void {
  const header = ['id', 'kind', 'state', 'recordid', 'reference', 'policy', 'attempts', 'created_at', 'message'];
  const cells = rows.map((r) =>
    [r.id, r.kind, r.state, r.recordid ?? '', r.reference, r.policy, r.attempts, r.createdAt, r.message ?? ''].map(
      String,
    ),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => Math.min(40, c[i]?.length ?? 0))));
  for (const line of [header, ...cells]) {
    process.stdout.write(
      line
        .map((c, i) => c.slice(0, 40).padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd() + '\n',
    );
  }
}

interface JournalOptions {
  state?: string[];
  since?: string;
  profile?: string;
  text?: string;
  limit: string;
  format: string;
}

/** `feed-desk journal`: list or export what was submitted. */
export function registerJournal(program: Command): void {
  program
    .command('journal')
    .description('List the journal (newest first) or export it')
    .option('--state <state...>', `only these states (${JOURNAL_STATES.join(', ')})`)
    .option('--since <date>', 'only submissions created on or after YYYY-MM-DD')
    .option('--profile <name>', 'only this profile')
    .option('--text <text>', 'search reference, surname, policy, postcode, recordid')
    .option('--limit <n>', 'at most this many rows (table and json)', '100')
    .option('--format <format>', 'table, csv or json', 'table')
    .action((opts: JournalOptions) =>
      withContext((ctx) => {
        const states = (opts.state ?? []) as JournalState[];
        const bad = states.find((s) => !JOURNAL_STATES.includes(s));
        if (bad) throw new CliFailure(`Unknown state ${bad}; use ${JOURNAL_STATES.join(', ')}`);
        if (opts.since && !/^\d{4}-\d{2}-\d{2}$/.test(opts.since)) throw new CliFailure('--since takes YYYY-MM-DD');
        const filter = {
          ...(states.length ? { states } : {}),
          ...(opts.since ? { from: opts.since } : {}),
          ...(opts.profile ? { profile: opts.profile } : {}),
          ...(opts.text ? { text: opts.text } : {}),
        };
        if (opts.format === 'csv') return void process.stdout.write(exportCsv(ctx.core.journal.db, filter));
        const limit = Number(opts.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliFailure('--limit takes 1 to 1000');
        const { rows } = listSubmissions(ctx.core.journal.db, { ...filter, limit });
        if (opts.format === 'json') printJson(rows.map(rowJson));
        else if (opts.format === 'table') printTable(rows);
        else throw new CliFailure('--format takes table, csv or json');
      }),
    );
}
