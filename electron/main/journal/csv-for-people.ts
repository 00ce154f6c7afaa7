// The Journal's CSV as the screen saves it: for reading in a spreadsheet, not for scripts.
import { stringify } from 'csv-stringify/sync';
import { FIELD_LABELS, isEntryField } from '@shared/entry/fields';
import { clock, localDate } from '@shared/format/moments';
import { isPersonalField } from '@shared/journal/personal-fields';
import type { SubmissionRow } from '@shared/journal/types';
import { csvWithNotice, journalCells, PAYLOAD_COLUMNS, resolutionOf, ROW_COLUMNS } from './csv-export';
import type { JournalStore } from './store';

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

/** Each row's cells with the spreadsheet's times, its histories read a page at a time. */
async function* rowCells(
  journal: Pick<JournalStore, 'histories'>,
  source: AsyncIterable<SubmissionRow>,
  payloadColumns: readonly string[],
  personal: boolean,
): AsyncGenerator<{ row: SubmissionRow; cells: string[] }> {
  let page: SubmissionRow[] = [];
  const flush = async function* () {
    const histories = await journal.histories(page.map((row) => row.id));
    for (const row of page) {
      const resolution = resolutionOf(histories.get(row.id) ?? []);
      yield { row, cells: journalCells(row, resolution, payloadColumns, personal, spreadsheetTime) };
    }
    page = [];
  };
  for await (const row of source) {
    page.push(row);
    if (page.length === 500) yield* flush();
  }
  if (page.length) yield* flush();
}

/**
 * Writes the journal rows as the screen exports them, for a spreadsheet: headings as on screen
 * (labels, not field names), times as a spreadsheet reads a date and time (local time), and only
 * the columns some row has a value in (a file of entries has no cancellation columns). The rows
 * are read twice: once to find those columns, once to write. Otherwise as writeJournalCsv (BOM,
 * CRLF, formula guard, personal-data notice, `personal` false leaves the personal columns out).
 */
export async function writePeopleCsv(
  journal: Pick<JournalStore, 'histories'>,
  source: () => AsyncIterable<SubmissionRow>,
  write: (text: string) => void,
  { personal = true }: { personal?: boolean } = {},
): Promise<number> {
  const payloadColumns = personal ? PAYLOAD_COLUMNS : PAYLOAD_COLUMNS.filter((c) => !isPersonalField(c));
  const columns = [...ROW_COLUMNS, ...payloadColumns];
  const used = new Set<number>();
  for await (const { cells } of rowCells(journal, source(), payloadColumns, personal))
    cells.forEach((cell, i) => cell !== '' && used.add(i));
  const kept = columns.flatMap((_, i) => (used.has(i) ? [i] : []));
  const options = { record_delimiter: 'windows', quoted_match: /[",\r\n]/ } as const;
  const personalColumns = kept.map((i) => columns[i]!).filter(isPersonalField);
  const csv = csvWithNotice(write, stringify([kept.map((i) => headingOf(columns[i]!))], options), personalColumns);
  let rows = 0;
  for await (const { row, cells } of rowCells(journal, source(), payloadColumns, personal)) {
    const personalValue = personalColumns.some((f) => (row.payload[f] ?? '').trim() !== '');
    csv.rows(stringify([kept.map((i) => cells[i]!)], options), personalValue);
    rows += 1;
  }
  csv.end();
  return rows;
}
