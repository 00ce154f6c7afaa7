// The Journal as the screen saves it, as a workbook or CSV: for reading in a spreadsheet, not for scripts.
import { stringify } from 'csv-stringify/sync';
import { FIELD_LABELS, fieldKind, isEntryField } from '@shared/entry/fields';
import { clock, localDate } from '@shared/format/moments';
import { isPersonalField, personalDataNotice } from '@shared/journal/personal-fields';
import { STATE_LABELS } from '@shared/journal/state-words';
import { JOURNAL_STATES, type JournalState, type SubmissionRow } from '@shared/journal/types';
import { CSV_BOM, guardCell, journalValues, PAYLOAD_COLUMNS, ROW_COLUMNS, TIME_COLUMNS } from './csv-export';
import type { JournalStore } from './store';
import { writeXlsx, type XlsxKind } from './xlsx-writer';

/** Headings as the screens name things, for the journal's own columns and the cancellation's. */
const HEADINGS: Record<string, string> = {
  id: 'Journal #',
  kind: 'Kind',
  state: 'State',
  recordid: 'Recordid',
  profile: 'Profile',
  operator: 'Operator',
  created_at: 'Time',
  finished_at: 'Finished',
  attempts: 'Attempts',
  http_status: 'HTTP status',
  message: 'Message',
  original_recordid: 'Original recordid',
  corrects: 'Corrects #',
  superseded_by: 'Superseded by #',
  resolved_by: 'Resolved by',
  resolved_at: 'Resolved',
  resolution_note: 'Resolution note',
  reviewed_by: 'Reviewed by',
  reviewed_at: 'Reviewed',
  review_note: 'Review note',
  cancellation_date: 'Cancellation date',
  reason: 'Reason',
};

/** A column's heading: the screen's words for it. */
export const headingOf = (column: string): string =>
  HEADINGS[column] ?? (isEntryField(column) ? FIELD_LABELS[column] : column);

/** A moment as a spreadsheet reads a date and time: local time, "2026-11-27 14:05:09"; '' for none. */
export function spreadsheetTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${localDate(d)} ${clock(d, true)}`;
}

/** Each row's values (journalValues), its resolution read a page at a time. */
async function* rowValues(
  journal: Pick<JournalStore, 'resolutions'>,
  source: AsyncIterable<SubmissionRow>,
  payloadColumns: readonly string[],
  personal: boolean,
): AsyncGenerator<{ row: SubmissionRow; values: (string | number | null)[] }> {
  let page: SubmissionRow[] = [];
  const flush = async function* () {
    const resolutions = await journal.resolutions(page.map((row) => row.id));
    for (const row of page) {
      const resolution = resolutions.get(row.id);
      yield { row, values: screenWords(journalValues(row, resolution, payloadColumns, personal)) };
    }
    page = [];
  };
  for await (const row of source) {
    page.push(row);
    if (page.length === 500) yield* flush();
  }
  if (page.length) yield* flush();
}

const KIND_AT = ROW_COLUMNS.indexOf('kind');
const STATE_AT = ROW_COLUMNS.indexOf('state');
const KIND_WORDS: Record<string, string> = { entry: 'Entry', cancellation: 'Cancellation' };

/** Kind and state as the screens show them ("Entry", "Accepted"), not as codes. */
function screenWords(values: (string | number | null)[]): (string | number | null)[] {
  const kind = String(values[KIND_AT]);
  const state = String(values[STATE_AT]);
  values[KIND_AT] = KIND_WORDS[kind] ?? kind;
  values[STATE_AT] = (JOURNAL_STATES as readonly string[]).includes(state)
    ? STATE_LABELS[state as JournalState]
    : state;
  return values;
}

/** How each column is written in a workbook: numbers, amounts, dates and moments as such, the rest as text. */
function kindOf(column: string): XlsxKind {
  if (TIME_COLUMNS.has(column)) return 'moment';
  if (NUMBER_COLUMNS.has(column)) return 'number';
  if (column === 'cancellation_date') return 'date';
  if (!isEntryField(column)) return 'text';
  const kind = fieldKind(column);
  return kind === 'money' ? 'money' : kind === 'integer' ? 'number' : kind === 'date' ? 'date' : 'text';
}
const NUMBER_COLUMNS = new Set([
  'id',
  'recordid',
  'attempts',
  'http_status',
  'original_recordid',
  'corrects',
  'superseded_by',
]);

/**
 * The export's columns (without the personal ones when `personal` is false) and, of them, those some
 * row has a value in (a file of entries has no cancellation columns): a first read of the rows.
 */
async function peopleColumns(
  journal: Pick<JournalStore, 'resolutions'>,
  source: () => AsyncIterable<SubmissionRow>,
  personal: boolean,
) {
  const payloadColumns = personal ? PAYLOAD_COLUMNS : PAYLOAD_COLUMNS.filter((c) => !isPersonalField(c));
  const columns = [...ROW_COLUMNS, ...payloadColumns];
  const used = new Set<number>();
  for await (const { values } of rowValues(journal, source(), payloadColumns, personal))
    values.forEach((value, i) => value !== null && value !== '' && used.add(i));
  return { payloadColumns, columns, kept: columns.flatMap((_, i) => (used.has(i) ? [i] : [])) };
}

/**
 * Writes the journal rows as the screen exports them, for a spreadsheet: headings as on screen
 * (labels, not field names) in row 1, kinds and states as the screens name them, times as a
 * spreadsheet reads a date and time (local time), and only the columns some row has a value in. The
 * rows are read twice: once to find those columns, once to write. BOM, CRLF and formula guard as
 * writeJournalCsv; no notice line (the save dialog says the file holds personal data), and `personal`
 * false leaves the personal columns out.
 */
export async function writePeopleCsv(
  journal: Pick<JournalStore, 'resolutions'>,
  source: () => AsyncIterable<SubmissionRow>,
  write: (text: string) => void,
  { personal = true }: { personal?: boolean } = {},
): Promise<number> {
  const { payloadColumns, columns, kept } = await peopleColumns(journal, source, personal);
  const options = { record_delimiter: 'windows', quoted_match: /[",\r\n]/ } as const;
  write(CSV_BOM + stringify([kept.map((i) => headingOf(columns[i]!))], options));
  let rows = 0;
  for await (const { values } of rowValues(journal, source(), payloadColumns, personal)) {
    const cells = kept.map((i) => {
      const value = values[i] ?? null;
      return guardCell(
        TIME_COLUMNS.has(columns[i]!) ? spreadsheetTime(value as string | null) : value === null ? '' : String(value),
      );
    });
    write(stringify([cells], options));
    rows += 1;
  }
  return rows;
}

/**
 * The same rows as a workbook (xlsx-writer.ts): headings in row 1, frozen, with a filter; dates as
 * dates, amounts as numbers, telephone and policy numbers and postcodes as text with their zeros;
 * the personal-data notice on a second sheet when the workbook holds a personal column.
 */
export async function writePeopleXlsx(
  journal: Pick<JournalStore, 'resolutions'>,
  source: () => AsyncIterable<SubmissionRow>,
  write: (data: Uint8Array) => void,
  { personal = true }: { personal?: boolean } = {},
): Promise<number> {
  const { payloadColumns, columns, kept } = await peopleColumns(journal, source, personal);
  const personalColumns = kept.map((i) => columns[i]!).filter(isPersonalField);
  async function* rows() {
    for await (const { values } of rowValues(journal, source(), payloadColumns, personal))
      yield kept.map((i) => values[i] ?? null);
  }
  return writeXlsx(
    write,
    [
      {
        name: 'Journal',
        headings: kept.map((i) => headingOf(columns[i]!)),
        kinds: kept.map((i) => kindOf(columns[i]!)),
        rows: rows(),
      },
    ],
    personalColumns.length ? personalDataNotice(personalColumns) : undefined,
  );
}
