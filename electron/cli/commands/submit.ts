import { createReadStream } from 'node:fs';
import type { Command } from 'commander';
import { parseEntry } from '@shared/entry/schema';
import { withContext } from '../context';
import { CliFailure, readStdin, readText } from '../output';
import { oneOf, seconds, wholeNumber } from '../options';
import { SCREEN_DATE_ORDERS, type ScreenDateOrder } from '@shared/entry/screen-date';
import { reportSubmitted } from '../report';
import { columnOption, readColumnsFile, type GivenColumn } from '../column-options';

/** Reads the entry file (or stdin for `-`), at most 1 MiB, decoded once as UTF-8, and parses its JSON. */
async function readEntry(file: string): Promise<unknown> {
  const what = file === '-' ? 'The entry on standard input' : file;
  let text: string;
  if (file === '-') text = await readStdin(what);
  else {
    try {
      text = await readText(createReadStream(file), what);
    } catch (err) {
      if (err instanceof CliFailure) throw err;
      throw new CliFailure(`Cannot read ${file}: ${(err as Error).message}`, { code: 'unreadable' });
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CliFailure(`${what} is not JSON: ${(err as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    const found = Array.isArray(json) ? 'an array' : json === null ? 'null' : `a ${typeof json}`;
    throw new CliFailure(
      `${what} holds ${found}; give one entry as a JSON object keyed by the service's field names (see examples/entry.json)`,
    );
  }
  return json;
}

interface SubmitOptions {
  profile?: string;
  json?: boolean;
  wait: number;
  allowDuplicate?: boolean;
  csv?: string;
  concurrency?: number;
  dryRun?: boolean;
  dateOrder: ScreenDateOrder;
  sheet?: string;
  headerRow?: number;
  encoding?: 'utf-8' | 'windows-1252' | 'utf-16';
  remember: boolean;
  corrects?: number;
  joinLines?: string;
  continueBatch?: number;
  columns?: string;
  column: GivenColumn[];
}

/** `feed-desk submit ENTRY.json`: validate, journal, send, wait for retries, print the outcome. */
export function registerSubmit(program: Command): void {
  program
    .command('submit')
    .description(
      'Submit one feed entry, or every row of a CSV or .xlsx file (--csv), through the journal; exits non-zero unless all were accepted',
    )
    .argument(
      '[entry]',
      'JSON file holding one entry keyed by the service field names (dates as YYYY-MM-DD), at most 1 MiB; - reads it from stdin',
    )
    .option('--profile <name>', 'profile to use (default: FEED_DESK_PROFILE, else the active one)')
    .option('--json', 'print one JSON object instead of text (with --csv: JSON lines)')
    .option(
      '--wait <seconds>',
      'how long to wait for automatic retries (with --csv: for a row to settle)',
      seconds('--wait'),
      60,
    )
    .option('--allow-duplicate', 'send even if an earlier submission looks the same')
    .option(
      '--csv <file>',
      'a CSV (UTF-8 or Windows-1252; comma, semicolon or tab) or .xlsx file with a header row: validate every row, ' +
        'send the valid ones as one batch; the same command again continues it',
    )
    .option(
      '--concurrency <n>',
      'with --csv: sends at once (default: the profile’s)',
      wholeNumber('--concurrency', 1, 32),
    )
    .option('--dry-run', 'with --csv: only validate and report; nothing is queued or sent')
    .option(
      '--date-order <order>',
      `with --csv: how the file writes dates besides YYYY-MM-DD (${SCREEN_DATE_ORDERS.join(', ')})`,
      oneOf('--date-order', SCREEN_DATE_ORDERS),
      'YYYY-MM-DD',
    )
    .option(
      '--columns <file>',
      'with --csv: the field of each heading, from a JSON object {"Policy No": "policy"} or CSV lines ' +
        'Policy No,policy (- or empty: not imported); before the profile’s remembered choices',
    )
    .option(
      '--column <heading=field>',
      'with --csv: the field of one heading, e.g. "Policy No=policy" or "Notes=-" (repeatable; over --columns)',
      columnOption,
      [],
    )
    .option('--sheet <name>', 'with --csv and an .xlsx file: the sheet to read (default: the first)')
    .option(
      '--encoding <encoding>',
      "with --csv: the CSV file's encoding, utf-8, windows-1252 or utf-16 (default: found from the file)",
      oneOf('--encoding', ['utf-8', 'windows-1252', 'utf-16'] as const),
    )
    .option(
      '--no-remember',
      "with --csv: do not remember the fields given with --columns and --column for the profile's next import",
    )
    .option(
      '--header-row <n>',
      'with --csv: the row that holds the headings, as a spreadsheet numbers it (default: found from the file, ' +
        'past a title block)',
      wholeNumber('--header-row', 1, 10_000_000),
    )
    .option(
      '--join-lines <separator>',
      'with --csv: a cell of a single-line field that holds line breaks is sent with its lines joined by this ' +
        '(e.g. ", "); without it such a row is invalid',
    )
    .option(
      '--continue-batch <id>',
      'with --csv: the file is a corrected version of batch ID: rows already in it are not sent again',
      wholeNumber('--continue-batch', 1, Number.MAX_SAFE_INTEGER),
    )
    .option(
      '--corrects <id>',
      'the journal id of a rejected or failed entry this one corrects: once accepted, that entry is marked superseded',
      wholeNumber('--corrects', 1, Number.MAX_SAFE_INTEGER),
    )
    .action((file: string | undefined, opts: SubmitOptions) => {
      // Loaded while the journal opens: the bulk path reads CSV and .xlsx files (csv-parse; exceljs for a workbook).
      const bulk = opts.csv ? import('../bulk') : undefined;
      bulk?.catch(() => undefined);
      return withContext(
        async (ctx) => {
          const profile = ctx.profile(opts.profile);
          if (opts.csv) {
            if (file) throw new CliFailure('Give either an entry file or --csv FILE, not both');
            if (opts.corrects) throw new CliFailure('--corrects goes with one entry file, not --csv');
            const { submitCsv } = await (bulk ?? import('../bulk'));
            const given = [...(opts.columns ? readColumnsFile(opts.columns) : []), ...opts.column];
            await submitCsv(ctx, opts.csv, profile, { ...opts, given });
            return;
          }
          if (!file) throw new CliFailure('Give an entry file (- for stdin), or --csv FILE');
          const withCsv = [
            opts.dryRun,
            opts.concurrency,
            opts.sheet,
            opts.headerRow,
            opts.encoding,
            !opts.remember,
            opts.joinLines !== undefined,
            opts.continueBatch,
          ];
          if (withCsv.some(Boolean) || opts.columns || opts.column.length) {
            throw new CliFailure(
              '--dry-run, --concurrency, --sheet, --header-row, --encoding, --no-remember, --join-lines, --continue-batch, ' +
                '--columns and --column go with --csv',
            );
          }
          const input = await readEntry(file);
          // The entry is checked before the connection, so it can be fixed without a service.
          const checked = parseEntry(input, profile);
          if (!checked.ok) {
            throw new CliFailure(`${file === '-' ? 'The entry' : file} is not a valid entry (nothing was sent):`, {
              fields: checked.fields,
              details: { fields: checked.fields },
            });
          }
          ctx.ready(profile);
          const request = {
            kind: 'entry' as const,
            input,
            profile: profile.name,
            confirmDuplicate: opts.allowDuplicate,
          };
          const submit = () => ctx.core.pipeline.submit(request);
          const { corrects } = opts;
          const result = corrects
            ? await (
                await import('../../main/sending/correction-submit')
              ).submitCorrection(ctx.core.journal, { corrects, ...request }, submit)
            : await submit();
          await reportSubmitted(ctx, result, opts);
        },
        { concurrency: opts.concurrency },
      );
    });
}
