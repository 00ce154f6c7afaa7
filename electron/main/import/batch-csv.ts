// The CSV files of a bulk import: a batch's results, and the rows of a file that fail validation.
import { stringify } from 'csv-stringify/sync';
import { FIELD_LABELS, isEntryField } from '@shared/entry/fields';
import type { Core } from '../core/core';
import { CSV_BOM, csvWithNotice, guardCell } from '../journal/csv-export';
import { writeXlsx, type XlsxKind } from '../journal/xlsx-writer';
import { PERSONAL_FIELDS, personalDataNotice } from '@shared/journal/personal-fields';
import { STATE_LABELS } from '@shared/journal/state-words';
import { JOURNAL_STATES, type JournalState } from '@shared/journal/types';
import { openImport, type ImportRequest } from './batch-file';

/** Every cell quoted; a spreadsheet splitting on `;` or tab ignores that, so every cell is guarded too (guardCell). */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted: true } as const;

/** One line of a CSV as the import CSVs write it: every cell guarded and quoted. */
const line = (cells: readonly unknown[]) =>
  stringify([cells.map((v) => guardCell(v === null || v === undefined ? '' : String(v)))], CSV_OPTIONS);

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/** The results' columns: field names for scripts (the command line), words for people (the screen). */
const RESULT_COLUMNS = ['row', 'state', 'recordid', 'message', 'reference', 'surname', 'journal_id', 'duplicate_of'];
const RESULT_HEADINGS = ['Row', 'State', 'Recordid', 'Message', 'Reference', 'Surname', 'Journal #', 'Duplicate of'];
const RESULT_KINDS: XlsxKind[] = ['number', 'text', 'number', 'text', 'text', 'text', 'number', 'number'];
const LEFT_OUT_WORDS: Record<string, string> = { invalid: 'Invalid', duplicate: 'Duplicate', skipped: 'Skipped' };

/**
 * A batch's results, one line per row of its file in file order: sent rows with their state,
 * recordid and message; rows not sent as `invalid` (with their errors), `duplicate` (with the
 * journal row they repeat) or `skipped`. Without the surname column when `personal` is false.
 */
async function batchResults(core: Core, batchId: number, personal: boolean) {
  const keep = <T>(cells: T[]) => (personal ? cells : cells.filter((_, i) => RESULT_COLUMNS[i] !== 'surname'));
  const lines: Array<{ row: number; cells: (string | number | null)[]; surname: string | undefined }> = [];
  for await (const row of core.journal.iterate({ batch: batchId, sort: 'id', direction: 'asc' })) {
    const cells = [row.batchRow, row.state, row.recordid, row.message, row.reference, row.surname, row.id, null];
    lines.push({ row: row.batchRow ?? 0, cells, surname: row.surname });
  }
  for (const r of await core.journal.batches.leftOut(batchId)) {
    const message = r.errors ? errorWords(r.errors) : r.duplicateOf ? `repeats journal entry ${r.duplicateOf}` : '';
    const cells = [
      r.row,
      r.status,
      null,
      message,
      r.values.reference ?? null,
      r.values.surname ?? null,
      null,
      r.duplicateOf,
    ];
    lines.push({ row: r.row, cells, surname: r.values.surname });
  }
  lines.sort((a, b) => a.row - b.row);
  return { keep, lines };
}

/**
 * A batch's results as CSV for scripts (`feed-desk journal --batch ID --format results`): field names
 * as headings and state codes; the personal-data notice line first when a surname is there; with
 * `personal` false neither the surname column nor the notice. Returns how many.
 */
export async function writeBatchResults(
  core: Core,
  batchId: number,
  write: (text: string) => void,
  { personal = true }: { personal?: boolean } = {},
): Promise<number> {
  const { keep, lines } = await batchResults(core, batchId, personal);
  const csv = csvWithNotice(write, line(keep(RESULT_COLUMNS)), personal ? ['surname'] : []);
  for (const { cells, surname } of lines) csv.rows(line(keep(cells)), personal && filled(surname));
  csv.end();
  return lines.length;
}

/**
 * A batch's results as the screen saves them, for a spreadsheet: headings and states in the screens'
 * words, headings in row 1; a workbook (numbers as numbers, the notice on a second sheet) or, when
 * `csv`, CSV without a notice line (the save dialog says the file holds personal data).
 */
export async function writeBatchResultsForPeople(
  core: Core,
  batchId: number,
  write: (data: string | Uint8Array) => void,
  { personal = true, csv = false }: { personal?: boolean; csv?: boolean } = {},
): Promise<number> {
  const { keep, lines } = await batchResults(core, batchId, personal);
  const rows = lines.map(({ cells }) => {
    const state = String(cells[1]);
    const words = [...cells];
    words[1] = (JOURNAL_STATES as readonly string[]).includes(state)
      ? STATE_LABELS[state as JournalState]
      : (LEFT_OUT_WORDS[state] ?? state);
    return keep(words);
  });
  if (csv) {
    write(CSV_BOM + line(keep(RESULT_HEADINGS)));
    for (const cells of rows) write(line(cells));
    return rows.length;
  }
  const anySurname = personal && lines.some((l) => filled(l.surname));
  await writeXlsx(
    write,
    [{ name: 'Results', headings: keep(RESULT_HEADINGS), kinds: keep(RESULT_KINDS), rows }],
    anySurname ? personalDataNotice(['surname']) : undefined,
  );
  return rows.length;
}

/** A row's errors in words: "surname: Enter the surname; postcode: …" (`_` is the whole row). */
const errorWords = (fields: Record<string, string>) =>
  Object.keys(fields)
    .map((f) => `${f === '_' ? 'row' : f}: ${fields[f]}`)
    .join('; ');

/** The heading of the column that says what is wrong with a rejected row. */
export const PROBLEM_HEADING = 'Problem';

/** A row's problems in words, with its row number in the file: "Row 3: Postcode: Enter a UK postcode". */
const problemWords = (row: number, fields: Record<string, string>) =>
  `Row ${row}: ` +
  Object.keys(fields)
    .map((f) => `${f === '_' ? 'Whole row' : isEntryField(f) ? FIELD_LABELS[f] : f}: ${fields[f]}`)
    .join('; ');

/**
 * The file's rows that fail validation as the file has them: its own headings and column order,
 * every column (also those not imported), and a "Problem" column last (the file's own, when it has
 * one there: a rejected-rows file imported again), so the rows can be pasted back into the source
 * sheet, fixed and imported again. A mapped cell holds what was validated (a fix made on the
 * screen, a repair chosen).
 */
async function rejectedRows(core: Core, req: ImportRequest) {
  const { info, mapping, entries } = await openImport(core, req);
  const header = [...info.header];
  const own = header.length > 0 && header.at(-1)!.trim().toLowerCase() === PROBLEM_HEADING.toLowerCase();
  if (!own) header.push(PROBLEM_HEADING);
  const width = header.length - 1;
  const personal = PERSONAL_FIELDS.filter((f) => mapping.includes(f));
  async function* rows() {
    for await (const e of entries) {
      if (e.ok || e.summary) continue; // a total row is not a rejected entry
      const cells = Array.from({ length: width }, (_, column) => {
        const field = mapping[column];
        return field ? String(e.input[field] ?? '') : (e.cells[column] ?? '');
      });
      yield {
        cells: [...cells, problemWords(e.row, e.fields)],
        personal: personal.some((f) => filled(String(e.input[f] ?? ''))),
      };
    }
  }
  return { header, personal, rows: rows() };
}

/**
 * The rejected rows (rejectedRows) as CSV: the personal-data notice line comes first when a row has
 * a personal value (bulk import skips it). Returns how many.
 */
export async function writeRejectedRows(
  core: Core,
  req: ImportRequest,
  write: (text: string) => void,
): Promise<number> {
  const { header, personal, rows } = await rejectedRows(core, req);
  const csv = csvWithNotice(write, line(header), personal);
  let count = 0;
  for await (const row of rows) {
    csv.rows(line(row.cells), row.personal);
    count += 1;
  }
  csv.end();
  return count;
}

/**
 * The rejected rows as a workbook, as the screen saves them by default: the file's headings in row 1
 * and every cell as text (as the file wrote it), the notice on a second sheet when a row has a
 * personal value. It imports again as the file did. Returns how many.
 */
export async function writeRejectedRowsXlsx(
  core: Core,
  req: ImportRequest,
  write: (data: Uint8Array) => void,
): Promise<number> {
  const { header, personal, rows } = await rejectedRows(core, req);
  let anyPersonal = false;
  async function* cells() {
    for await (const row of rows) {
      anyPersonal ||= row.personal;
      yield row.cells;
    }
  }
  // The notice sheet is written after the rows: whether one holds a personal value is known by then.
  const notice = () => (anyPersonal ? personalDataNotice(personal) : undefined);
  return writeXlsx(
    write,
    [{ name: 'Rejected rows', headings: header, kinds: header.map(() => 'text' as const), rows: cells() }],
    notice,
  );
}
