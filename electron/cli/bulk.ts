import type { ScreenDateOrder } from '@shared/entry/screen-date';
import { accountWords } from '@shared/import/accounting';
import { brokenFields, visibleText } from '@shared/import/repairs';
import { edgeSpaces } from '@shared/import/changes';
import type { Profile } from '@shared/profile/schema';
import type { StateCounts } from '../main/journal/store';
import { checkImport, type ImportCheck } from '../main/import/batch-check';
import { rememberColumns, type ImportRequest, type RowDuplicate } from '../main/import/batch-file';
import { batchStatus, queueImport, type BatchStatus } from '../main/import/batch-queue';
import { TableReadError } from '../main/import/table';
import type { CliContext } from './context';
import { CliFailure, EXIT, printJson } from './output';
import { trace } from '../main/support/trace';
import { absentGivenHeadings, givenMapping, mappingLines, type GivenColumn } from './column-options';

export interface BulkOptions {
  json?: boolean;
  wait: number;
  dryRun?: boolean;
  allowDuplicate?: boolean;
  dateOrder: ScreenDateOrder;
  sheet?: string;
  /** The row of the headings, as a spreadsheet numbers it (found from the file when not given). */
  headerRow?: number;
  /** A CSV file's encoding (found from the file when not given). */
  encoding?: 'utf-8' | 'windows-1252' | 'utf-16';
  /** Remember the fields given with --columns and --column for the profile (the default). */
  remember?: boolean;
  /** Join the lines of single-line cells with this (a repair the person asks for; never by default). */
  joinLines?: string;
  /** The batch the file continues (a corrected version of its file). */
  continueBatch?: number;
  /** Fields given for headings (--columns, --column), before the profile's remembered choices. */
  given?: readonly GivenColumn[];
}

/** How many row problems or duplicates the text report lists (all of them with --json). */
const SHOWN = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const duplicateText = (d: RowDuplicate) =>
  d.ofRow !== undefined
    ? `repeats row ${d.ofRow} of the file`
    : `repeats journal #${d.ofEntry?.id} (${d.ofEntry?.state}${d.ofEntry?.recordid ? `, recordid ${d.ofEntry.recordid}` : ''})`;

/** A value as the changes list shows it: invisible characters marked, spaces at either end as ␣. */
const shown = (value: string) => edgeSpaces(visibleText(value));

function printCheck(check: ImportCheck, file: string, json: boolean, allowDuplicate: boolean): void {
  if (json) {
    printJson({
      event: 'checked',
      file,
      columns: check.info.header.map((heading, column) => ({ column, heading, ...check.matches[column] })),
      header_row: check.info.headerRow,
      title_rows: check.info.titleRows,
      summary_rows: check.summaries.map((s) => s.row),
      rows: check.rows,
      valid: check.valid,
      invalid: check.invalid,
      duplicates: check.duplicateCount,
      already: check.already,
      missing_columns: check.missing,
      problems: check.problems.map((p) => ({ row: p.row, line: p.line, fields: p.fields })),
      duplicate_rows: check.duplicates.map((d) => ({ row: d.row, of_row: d.ofRow, of_entry: d.ofEntry?.id })),
      earlier_batch: check.earlier?.batch.id,
      continuable_batch: check.continuable?.id,
      changed_rows: check.changedRows,
      changes: check.changes,
      formatted: check.formatted,
      times_not_sent: check.timesNotSent,
      serial_dates: check.serialDates,
      date_hints: check.dateHints,
    });
    return;
  }
  const out = process.stderr;
  out.write(
    `${file}: ${check.rows} row(s): ${check.valid} valid, ${check.invalid} invalid, ` +
      `${check.duplicateCount} possible duplicate(s)${check.earlier ? `; continues batch ${check.earlier.batch.id} (${check.already} row(s) already in it)` : ''}\n`,
  );
  if (check.info.headerRow !== 1)
    out.write(
      `  headings read from row ${check.info.headerRow}` +
        `${check.info.titleRows ? ` (${check.info.titleRows} title line(s) above left out)` : ''}; --header-row N reads another\n`,
    );
  for (const s of check.summaries.slice(0, SHOWN))
    out.write(
      `  row ${s.row}: a total row, left out ("${s.cells
        .filter((c) => c.trim())
        .slice(0, 3)
        .join('", "')}")\n`,
    );
  if (check.missing.length) out.write(`  no column for the required field(s): ${check.missing.join(', ')}\n`);
  for (const p of check.problems.slice(0, SHOWN)) {
    const what = Object.entries(p.fields).map(([f, m]) => `${f === '_' ? 'row' : f}: ${m}`);
    const broken = brokenFields(p.input).map((f) => `${f} is "${visibleText(String(p.input[f]))}"`);
    out.write(`  row ${p.row}: ${what.join('; ')}${broken.length ? ` (${broken.join(', ')})` : ''}\n`);
  }
  if (check.invalid > SHOWN) out.write(`  … and ${check.invalid - SHOWN} more invalid row(s)\n`);
  if (check.problems.some((p) => brokenFields(p.input).length))
    out.write(`  ⏎ marks a line break: --join-lines ", " sends such cells with their lines joined by ", "\n`);
  if (check.continuable)
    out.write(
      `  batch ${check.continuable.id} imported a file of this name on ${check.continuable.createdAt.slice(0, 10)}: ` +
        `if this is a corrected version, add --continue-batch ${check.continuable.id} to send only its new and corrected rows\n`,
    );
  if (check.changedRows) {
    out.write(
      `  ${check.changedRows} row(s) are sent otherwise than the file writes them (as in the file → as sent):\n`,
    );
    for (const c of check.changes.slice(0, SHOWN))
      out.write(`    row ${c.row} ${c.field}: "${shown(c.file)}" → "${shown(c.sent)}"\n`);
    if (check.changes.length > SHOWN) out.write(`    … and more (--json lists them)\n`);
  }
  for (const hint of check.dateHints)
    out.write(
      `  ${hint.field}: dates such as "${hint.found}" cannot be read in the order given (--date-order)` +
        (hint.orders.length ? `; --date-order ${hint.orders.join(' or ')} reads them\n` : '\n'),
    );
  for (const field of check.timesNotSent)
    out.write(`  ${field}: the file's dates have a time of day; the dates are sent, the times are not\n`);
  for (const field of check.serialDates)
    out.write(
      `  ${field}: some dates are spreadsheet day numbers (such as 46357); each is read as its date and listed\n`,
    );
  if (check.formatted)
    out.write(
      `  ${check.formatted} value(s) only written the service's way (amounts as 100.00, dates as YYYY-MM-DD)\n`,
    );
  for (const d of check.duplicates.slice(0, SHOWN)) {
    out.write(
      `  row ${d.row}: ${duplicateText(d)}${allowDuplicate ? ' (sent anyway: --allow-duplicate)' : ' (left out)'}\n`,
    );
  }
  if (check.duplicateCount > SHOWN) out.write(`  … and ${check.duplicateCount - SHOWN} more duplicate(s)\n`);
}

const COUNTED = ['accepted', 'rejected', 'failed', 'unknown', 'discarded'] as const;

function countsText(counts: StateCounts): string {
  return (
    COUNTED.filter((s) => counts[s])
      .map((s) => `${s} ${counts[s]}`)
      .join(', ') || 'nothing settled yet'
  );
}

/** A one-line progress bar on a terminal, redrawn in place. */
function drawProgress(status: BatchStatus, started: number, settledAtStart: number): void {
  const settled = status.total - status.remaining;
  const width = 24;
  const filled = status.total ? Math.round((settled / status.total) * width) : width;
  const rate = (settled - settledAtStart) / Math.max(0.001, (Date.now() - started) / 1000);
  const left = rate > 0 ? `${Math.ceil(status.remaining / rate)} s left` : '';
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${settled}/${status.total} · ${countsText(status.counts)} · ` +
      `${Math.round(rate)} rows/s ${left}\u001b[K`,
  );
}

/**
 * `feed-desk submit --csv FILE`: validates every row, queues the valid ones as one batch (the same
 * file and profile continue the earlier batch), sends them, and waits until every row is settled
 * or no row settled for `--wait` seconds. Exit 0 only when every row of the file was accepted.
 */
export async function submitCsv(ctx: CliContext, file: string, profile: Profile, opts: BulkOptions): Promise<void> {
  const json = !!opts.json;
  const req: ImportRequest = {
    path: file,
    profile: profile.name,
    dateOrder: opts.dateOrder,
    sheet: opts.sheet,
    headerRow: opts.headerRow,
    encoding: opts.encoding,
    repairs: opts.joinLines !== undefined ? [{ kind: 'join', separator: opts.joinLines }] : undefined,
    continueBatch: opts.continueBatch,
    given: opts.given?.length ? givenMapping(opts.given) : undefined,
  };
  let check: ImportCheck;
  trace('check starts');
  try {
    check = await checkImport(ctx.core, req, {
      // A re-run of the same file: the rows its earlier run checked and queued are sent while this run
      // checks the file again (for its report and the rows not queued yet).
      onEarlier: opts.dryRun
        ? undefined
        : () => {
            ctx.ready(profile);
            ctx.core.outbox.start();
          },
    });
  } catch (err) {
    if (err instanceof TableReadError) {
      throw new CliFailure(`${file}: ${err.message}`, { code: 'unreadable', details: { line: err.line } });
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new CliFailure(`${file}: no such file`, { code: 'unreadable' });
    }
    throw err;
  }
  // A heading given (or remembered) that the file no longer has is said, not fatal: the partner dropped it.
  for (const line of absentGivenHeadings(opts.given ?? [], check.info.header, file)) process.stderr.write(`${line}\n`);
  // The mapping used, one line per column of the file (--json has it in the `checked` event).
  const lines = json ? [] : mappingLines(check.info.header, check.matches);
  if (opts.dryRun) process.stdout.write(lines.map((l) => `${l}\n`).join(''));
  else
    for (const [column, line] of lines.entries())
      if (check.matches[column]?.how === 'guess') process.stderr.write(`${line}\n`);
  printCheck(check, file, json, !!opts.allowDuplicate);
  trace('check report printed');
  if (opts.dryRun) {
    process.exitCode = check.invalid > 0 || (check.duplicateCount > 0 && !opts.allowDuplicate) ? EXIT.invalid : EXIT.ok;
    return;
  }
  if (check.valid === 0 && check.already === 0) {
    throw new CliFailure(`${file}: no valid row to send (nothing was sent)`, { code: 'invalid' });
  }
  ctx.ready(profile);
  // Sending starts with the first chunk queued, while the rest of the file is still being queued.
  ctx.core.outbox.start();
  const queued = await queueImport(ctx.core, {
    ...req,
    sendAllDuplicates: !!opts.allowDuplicate,
    checkedHash: check.contentHash,
    fileRows: check.rows,
  });
  const batchId = queued.batch.id;
  // Fields given on the command line are remembered for the profile's next file, as the screen's choices are.
  if (opts.given?.length && opts.remember !== false)
    rememberColumns(ctx.core, profile.name, queued.header, queued.mapping);
  trace('every row queued');
  if (json) printJson({ event: 'queued', batch: batchId, queued: queued.queued, already: queued.already });
  else process.stderr.write(`batch ${batchId}: ${queued.queued} row(s) queued now, ${queued.already} earlier\n`);

  const tty = !json && process.stderr.isTTY;
  const started = Date.now();
  let status = await batchStatus(ctx.core, batchId);
  const settledAtStart = status.total - status.remaining;
  let lastSettled = settledAtStart;
  let lastChange = Date.now();
  let lastJson = 0;
  // The outbox running dry wakes the loop at once: the last row's answer ends the command without
  // waiting for the next tick.
  let drained = false;
  const dry = ctx.core.outbox
    .drain()
    .catch(() => undefined)
    .then(() => (drained = true));
  while (status.remaining > 0 && Date.now() - lastChange < opts.wait * 1000) {
    if (drained) await sleep(tty ? 200 : 500);
    else await Promise.race([sleep(tty ? 200 : 500), dry]);
    status = await batchStatus(ctx.core, batchId);
    const settled = status.total - status.remaining;
    if (settled !== lastSettled) {
      lastSettled = settled;
      lastChange = Date.now();
    }
    if (tty) drawProgress(status, started, settledAtStart);
    else if (json && Date.now() - lastJson >= 1000) {
      lastJson = Date.now();
      printJson({
        event: 'progress',
        batch: batchId,
        total: status.total,
        remaining: status.remaining,
        counts: status.counts,
      });
    }
  }
  ctx.core.outbox.pause();
  if (tty) process.stderr.write('\n');
  const left = check.invalid + (opts.allowDuplicate ? 0 : check.duplicateCount);
  const notAccepted = status.total - (status.counts.accepted ?? 0) + left;
  if (json) {
    printJson({
      event: 'summary',
      batch: batchId,
      rows: check.rows,
      invalid: check.invalid,
      duplicates_left_out: opts.allowDuplicate ? 0 : check.duplicateCount,
      counts: status.counts,
      remaining: status.remaining,
      not_accepted: notAccepted,
      journal_commits: ctx.core.journal.commits?.(),
      left_out: status.leftOut,
      file_rows: status.fileRows,
    });
  } else {
    const out = notAccepted ? process.stderr : process.stdout;
    out.write(
      `batch ${batchId}: ${accountWords(status)}` +
        (status.remaining
          ? `; ${status.remaining} row(s) still to send: run the same command again, or \`feed-desk outbox drain\``
          : '') +
        `\n`,
    );
    if (notAccepted) {
      process.stderr.write(`  each row's result: \`feed-desk journal --batch ${batchId} --format results\`\n`);
    }
  }
  process.exitCode = notAccepted ? EXIT.other : EXIT.ok;
}
