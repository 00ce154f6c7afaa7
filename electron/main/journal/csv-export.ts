import type { HistoryRow, JournalFilter, SubmissionRow } from '@shared/journal/types';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import { isoWithOffset } from '@shared/format/moments';
import { isPersonalField, personalDataNotice, type PersonalField } from '@shared/journal/personal-fields';
import { personalValues, scrubText } from './privacy-rules';
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
 * after any spaces or quotes, with = or @, or with + or - followed by more than a number (digits,
 * spaces, . , and brackets only: `-29.99` and `+44 7700 900000` are values, `-2+3+cmd|…` is not).
 */
const PIECE_FORMULA = /(?<=^|[;\t\r\n])(?=(?:[^\S\t\r\n]|")*(?:[=@]|[+-](?![\d .,()]*(?:$|[;\t\r\n]))))/g;

/** A value holding none of these has no piece a spreadsheet would run. */
const MAY_RUN = /[=+\-@\t\r]/;

/**
 * Spreadsheet formula guard for one CSV cell, used by every CSV the app writes: each piece of the
 * value that a spreadsheet may read as a cell (the start, and after every `;`, tab or line break)
 * and that a spreadsheet would run (= or @, or + or - before more than a number) is prefixed with ',
 * as is a value starting with tab or CR. So `Flat 1;=cmd` is written `Flat 1;'=cmd`, while a
 * negative amount (-12.50) and a telephone number (+44 7700 900000) stay as they are.
 */
export function guardCell(value: string): string {
  if (!MAY_RUN.test(value)) return value; // most cells: nothing a spreadsheet could run
  const guarded = value.replace(PIECE_FORMULA, "'");
  return /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded;
}

/** What a CSV writer with the personal-data notice takes: rows as CSV text, then the end. */
export interface NoticedCsv {
  /** CSV text of one or more rows; `personal` when one of them holds a personal value. */
  rows(text: string, personal: boolean): void;
  end(): void;
}

/**
 * Writes a CSV (BOM, then `header`, CSV text) that starts with the line `# <notice>` when a row
 * holds a personal value; `personalColumns` are the file's personal columns (none: no notice, and
 * nothing waits). The notice has no comma, semicolon, tab or quote mark: a spreadsheet shows it in
 * one cell above the header, and bulk import skips it. Until the first row with a personal value
 * (in practice the first row) the header and rows wait in memory, so a file without any (every row
 * a cancellation, or its personal details removed) is held whole before it is written.
 */
export function csvWithNotice(
  write: (text: string) => void,
  header: string,
  personalColumns: readonly PersonalField[],
): NoticedCsv {
  let waiting: string[] | null = [header];
  const flush = (notice: string) => {
    write(CSV_BOM + notice + (waiting ?? []).join(''));
    waiting = null;
  };
  if (personalColumns.length === 0) flush('');
  return {
    rows(text, personal) {
      if (!waiting) return write(text);
      waiting.push(text);
      if (personal) flush(`# ${personalDataNotice(personalColumns)}\r\n`);
    },
    end() {
      if (waiting) flush('');
    },
  };
}

/** The journal CSV's columns of a row, by field name (scripts read these). */
export const ROW_COLUMNS = [
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
];
/** The journal CSV's columns of what was sent, by field name. */
export const PAYLOAD_COLUMNS = [...ENTRY_FIELDS, 'cancellation_date', 'reason'];

/** The columns of ROW_COLUMNS that hold a moment (ISO 8601 in journalValues). */
export const TIME_COLUMNS: ReadonlySet<string> = new Set(['created_at', 'finished_at', 'resolved_at', 'reviewed_at']);

/**
 * One row's values in the order of ROW_COLUMNS then `payloadColumns`: numbers as numbers, moments as
 * ISO 8601, what was sent as text, null for none. Without the personal columns (`personal` false),
 * the row's personal values are also taken out of the texts that may quote them: the service's
 * message and the notes.
 */
export function journalValues(
  row: SubmissionRow,
  resolution: HistoryRow | undefined,
  payloadColumns: readonly string[],
  personal: boolean,
): (string | number | null)[] {
  const text = (value: string | null | undefined) =>
    personal || value === null || value === undefined ? (value ?? null) : scrubText(value, personalValues(row.payload));
  const fixed = [
    row.id,
    row.kind,
    row.state,
    row.recordid,
    row.profile,
    row.operator,
    row.createdAt,
    row.finishedAt,
    row.attempts,
    row.httpStatus,
    text(row.message),
    row.originalRecordid,
    row.corrects,
    row.supersededBy,
    resolution?.actor ?? null,
    resolution?.at ?? null,
    text(resolution?.note),
    row.reviewedBy,
    row.reviewedAt,
    text(row.reviewNote),
  ];
  return [...fixed, ...payloadColumns.map((f) => row.payload[f] ?? '')];
}

const TIME_AT = ROW_COLUMNS.map((column) => TIME_COLUMNS.has(column));

/** One row's CSV cells (journalValues), its times as `time` writes them (ISO 8601 with offset by default), formula-guarded. */
export function journalCells(
  row: SubmissionRow,
  resolution: HistoryRow | undefined,
  payloadColumns: readonly string[],
  personal: boolean,
  time: (iso: string | null | undefined) => string = isoWithOffset,
): string[] {
  return journalValues(row, resolution, payloadColumns, personal).map((value, i) =>
    guardCell(TIME_AT[i] ? time(value as string | null) : value === null ? '' : String(value)),
  );
}

/**
 * Writes the filtered journal as RFC 4180 CSV (UTF-8 with BOM, CRLF, header row, formula-guarded),
 * in batches; times in ISO 8601 local time with this computer's UTC offset.
 * A person's resolution (resolved_by/at, resolution_note, from the history) and a supervisor's
 * review (reviewed_by/at, review_note) are separate columns. With `personal` false the personal
 * columns are left out, and the row's personal values are taken out of its message and notes;
 * otherwise the personal-data notice comes first when a row holds a personal value (csvWithNotice). Returns how many rows were written.
 */
export function writeJournalCsv(
  journal: JournalStore,
  filter: JournalFilter,
  write: (text: string) => void,
  { personal = true }: { personal?: boolean } = {},
): Promise<number> {
  return writeRowsCsv(journal, journal.iterate(filter), write, { personal });
}

/** One CSV cell as RFC 4180 writes it: quoted when it holds a comma, a quote mark or a line break. */
const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * Rows of cells as CSV text with CRLF line ends, as csv-stringify writes them with the options of
 * the app's other CSVs (csv-export.test.ts holds the two to the same text): the export of a year's
 * rows spends its time here, and a plain join is several times quicker than the library's stream.
 */
export function csvText(rows: readonly (readonly string[])[]): string {
  let text = '';
  for (const row of rows) text += row.map(csvCell).join(',') + '\r\n';
  return text;
}

/** writeJournalCsv for the given rows (one person's, say): the same columns, resolutions read a page at a time. */
export async function writeRowsCsv(
  journal: Pick<JournalStore, 'resolutions'>,
  source: AsyncIterable<SubmissionRow> | Iterable<SubmissionRow>,
  write: (text: string) => void,
  { personal = true }: { personal?: boolean } = {},
): Promise<number> {
  let rows = 0;
  const payloadColumns = personal ? PAYLOAD_COLUMNS : PAYLOAD_COLUMNS.filter((c) => !isPersonalField(c));
  const personalColumns = payloadColumns.filter(isPersonalField);
  const csv = csvWithNotice(write, csvText([[...ROW_COLUMNS, ...payloadColumns]]), personalColumns);
  // Rows in pages of 500, each page's resolutions in one read, asked for as soon as the page is
  // complete: a page is written while the next one's resolutions (and rows) are being read.
  let page: SubmissionRow[] = [];
  let waiting: { page: SubmissionRow[]; resolutions: ReturnType<typeof journal.resolutions> } | undefined;
  const writeWaiting = async () => {
    if (!waiting) return;
    const { page: rowsOf, resolutions: reading } = waiting;
    waiting = undefined;
    const resolutions = await reading;
    const text = csvText(rowsOf.map((row) => journalCells(row, resolutions.get(row.id), payloadColumns, personal)));
    csv.rows(
      text,
      rowsOf.some((row) => personalColumns.some((f) => (row.payload[f] ?? '').trim() !== '')),
    );
    rows += rowsOf.length;
  };
  const flush = async () => {
    const next = { page, resolutions: journal.resolutions(page.map((row) => row.id)) };
    next.resolutions.catch(() => undefined); // a failure is thrown where it is awaited, not left unhandled
    page = [];
    await writeWaiting();
    waiting = next;
  };
  for await (const row of source) {
    page.push(row);
    if (page.length === 500) await flush();
  }
  if (page.length) await flush();
  await writeWaiting();
  csv.end();
  return rows;
}
