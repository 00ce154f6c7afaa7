// The CSV files of a bulk import: a batch's results, and the rows of a file that fail validation.
import { stringify } from 'csv-stringify/sync';
import { ENTRY_FIELDS, type EntryField } from '../../../shared/entry/fields';
import type { Core } from '../core/core';
import { csvWithNotice, guardCell } from '../journal/csv-export';
import { PERSONAL_FIELDS } from '../../../shared/journal/personal-fields';
import { openImport, type ImportRequest } from './batch-file';

/** Every cell quoted; a spreadsheet splitting on `;` or tab ignores that, so every cell is guarded too (guardCell). */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted: true } as const;

/** One line of a CSV as the import CSVs write it: every cell guarded and quoted. */
const line = (cells: readonly unknown[]) =>
  stringify([cells.map((v) => guardCell(v === null || v === undefined ? '' : String(v)))], CSV_OPTIONS);

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/**
 * A batch's results, one line per row of its file in file order: sent rows with their state,
 * recordid and message; rows not sent as `invalid` (with their errors), `duplicate` (with the
 * journal row they repeat) or `skipped`. The surname column and, when a surname is there, the
 * personal-data notice line first; with `personal` false neither. Returns how many.
 */
export async function writeBatchResults(
  core: Core,
  batchId: number,
  write: (text: string) => void,
  { personal = true }: { personal?: boolean } = {},
): Promise<number> {
  const header = ['row', 'state', 'recordid', 'message', 'reference', 'surname', 'journal_id', 'duplicate_of'];
  const columns = (cells: unknown[]) => (personal ? cells : cells.filter((_, i) => header[i] !== 'surname'));
  const lines: Array<{ row: number; cells: unknown[]; surname: string | undefined }> = [];
  for await (const row of core.journal.iterate({ batch: batchId, sort: 'id', direction: 'asc' })) {
    const cells = [row.batchRow, row.state, row.recordid, row.message, row.reference, row.surname, row.id, null];
    lines.push({ row: row.batchRow ?? 0, cells, surname: row.surname });
  }
  for (const r of await core.journal.batches.leftOut(batchId)) {
    const message = r.errors ? errorWords(r.errors) : r.duplicateOf ? `repeats journal entry ${r.duplicateOf}` : '';
    const cells = [r.row, r.status, null, message, r.values.reference, r.values.surname, null, r.duplicateOf];
    lines.push({ row: r.row, cells, surname: r.values.surname });
  }
  lines.sort((a, b) => a.row - b.row);
  const csv = csvWithNotice(write, line(columns(header)), personal ? ['surname'] : []);
  for (const { cells, surname } of lines) csv.rows(line(columns(cells)), personal && filled(surname));
  csv.end();
  return lines.length;
}

/** A row's errors in words: "surname: Enter the surname; postcode: …" (`_` is the whole row). */
const errorWords = (fields: Record<string, string>) =>
  Object.keys(fields)
    .map((f) => `${f === '_' ? 'row' : f}: ${fields[f]}`)
    .join('; ');

/**
 * The file's rows that fail validation, as they are in the file (mapped fields), each with an
 * `error` column naming the fields and messages, for fixing in a spreadsheet and importing again
 * (bulk import skips the personal-data notice line that comes first when a row has a personal value).
 * Returns how many.
 */
export async function writeRejectedRows(
  core: Core,
  req: ImportRequest,
  write: (text: string) => void,
): Promise<number> {
  const { entries } = await openImport(core, req);
  const csv = csvWithNotice(write, line(['row', ...ENTRY_FIELDS, 'error']), PERSONAL_FIELDS);
  let count = 0;
  for await (const e of entries) {
    if (e.ok) continue;
    const values = (fields: readonly EntryField[]) => fields.map((f) => String(e.input[f] ?? ''));
    csv.rows(line([e.row, ...values(ENTRY_FIELDS), errorWords(e.fields)]), values(PERSONAL_FIELDS).some(filled));
    count += 1;
  }
  csv.end();
  return count;
}
