import { stringify } from 'csv-stringify/sync';
import type { HistoryRow, JournalFilter, SubmissionRow } from '../../../shared/journal/types';
import { ENTRY_FIELDS } from '../../../shared/entry/fields';
import { isoWithOffset } from '../../../shared/format/moments';
import type { JournalStore } from './store';

/**
 * What every CSV the app writes starts with: a UTF-8 byte order mark, so a spreadsheet reads the
 * file as UTF-8 ("—", "Zoë") rather than in the computer's legacy code page. Readers skip it.
 */
export const CSV_BOM = '\uFEFF';

/**
 * Where a spreadsheet may start a cell inside a value: at its start, and after a `;` or tab (a
 * spreadsheet splitting on those cuts inside a field that does not start with a quote, whatever
 * the quoting) or a line break (such a spreadsheet ends the row there); when the piece starts,
 * after any spaces or quotes, with a formula trigger.
 */
const PIECE_FORMULA = /(?<=^|[;\t\r\n])(?=(?:[^\S\t\r\n]|")*[=+\-@])/g;

/**
 * Spreadsheet formula guard for one CSV cell, used by every CSV the app writes: each piece of the
 * value that a spreadsheet may read as a cell (the start, and after every `;`, tab or line break)
 * and that starts with = + - @ is prefixed with ', as is a value starting with tab or CR. So a
 * negative amount is written '-12.50, and `Flat 1;=cmd` as `Flat 1;'=cmd`.
 */
export function guardCell(value: string): string {
  const guarded = value.replace(PIECE_FORMULA, "'");
  return /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded;
}

/** True for history entries written by the software (sending, outcomes, recovery), not by a person. */
const bySystem = (h: HistoryRow) => h.actor === 'system' || h.actor.startsWith('system ');

/**
 * A person's decision on a row (resend, mark accepted, discard): the last history entry a person
 * wrote after the row was queued that changed its state. Distinct from a supervisor's review,
 * which changes no state (it is kept in the history as a same-state entry).
 */
export function resolutionOf(history: readonly HistoryRow[]): HistoryRow | undefined {
  return history.findLast((h) => h.fromState !== null && h.fromState !== h.toState && !bySystem(h));
}

const COLUMNS = [
  'id',
  'kind',
  'state',
  'recordid',
  'profile',
  'operator',
  'created_at',
  'finished_at',
  'attempts',
  'http_status',
  'message',
  'original_recordid',
  'corrects',
  'superseded_by',
  'resolved_by',
  'resolved_at',
  'resolution_note',
  'reviewed_by',
  'reviewed_at',
  'review_note',
  ...ENTRY_FIELDS,
  'cancellation_date',
  'reason',
];

function cells(row: SubmissionRow, resolution: HistoryRow | undefined): string[] {
  const fixed = [
    row.id,
    row.kind,
    row.state,
    row.recordid,
    row.profile,
    row.operator,
    isoWithOffset(row.createdAt),
    isoWithOffset(row.finishedAt),
    row.attempts,
    row.httpStatus,
    row.message,
    row.originalRecordid,
    row.corrects,
    row.supersededBy,
    resolution?.actor ?? null,
    isoWithOffset(resolution?.at),
    resolution?.note ?? null,
    row.reviewedBy,
    isoWithOffset(row.reviewedAt),
    row.reviewNote,
  ];
  const payload = [...ENTRY_FIELDS, 'cancellation_date', 'reason'].map((f) => row.payload[f] ?? '');
  return [...fixed.map((v) => (v === null ? '' : String(v))), ...payload].map(guardCell);
}

/**
 * Writes the filtered journal as RFC 4180 CSV (UTF-8 with BOM, CRLF, header row, formula-guarded),
 * in batches; times in ISO 8601 local time with this computer's UTC offset.
 * A person's resolution (resolved_by/at, resolution_note, from the history) and a supervisor's
 * review (reviewed_by/at, review_note) are separate columns. Returns how many rows were written.
 */
export function writeJournalCsv(
  journal: JournalStore,
  filter: JournalFilter,
  write: (text: string) => void,
): Promise<number> {
  return writeRowsCsv(journal, journal.iterate(filter), write);
}

/** writeJournalCsv for the given rows (one person's, say): the same columns, histories read a page at a time. */
export async function writeRowsCsv(
  journal: Pick<JournalStore, 'histories'>,
  source: AsyncIterable<SubmissionRow> | Iterable<SubmissionRow>,
  write: (text: string) => void,
): Promise<number> {
  let rows = 0;
  const options = { record_delimiter: 'windows', quoted_match: /[",\r\n]/ } as const;
  write(CSV_BOM + stringify([COLUMNS], options));
  // Rows in pages of 500, each page's histories in one read.
  let page: SubmissionRow[] = [];
  const flush = async () => {
    const histories = await journal.histories(page.map((row) => row.id));
    write(
      stringify(
        page.map((row) => cells(row, resolutionOf(histories.get(row.id) ?? []))),
        options,
      ),
    );
    rows += page.length;
    page = [];
  };
  for await (const row of source) {
    page.push(row);
    if (page.length === 500) await flush();
  }
  if (page.length) await flush();
  return rows;
}
