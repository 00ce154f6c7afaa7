// The CSV files of a bulk import: a batch's results, and the rows of a file that fail validation.
import { stringify } from 'csv-stringify/sync';
import { ENTRY_FIELDS } from '../../../shared/entry/fields';
import type { Core } from '../core/core';
import { CSV_BOM, guardCell } from '../journal/csv-export';
import { openImport, type ImportRequest } from './batch-file';

/** Every cell quoted; a spreadsheet splitting on `;` or tab ignores that, so every cell is guarded too (guardCell). */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted: true } as const;

/**
 * A batch's results, one line per row of its file in file order: sent rows with their state,
 * recordid and message; rows not sent as `invalid` (with their errors), `duplicate` (with the
 * journal row they repeat) or `skipped`. Returns how many.
 */
export async function writeBatchResults(core: Core, batchId: number, write: (text: string) => void): Promise<number> {
  const header = ['row', 'state', 'recordid', 'message', 'reference', 'surname', 'journal_id', 'duplicate_of'];
  write(CSV_BOM + stringify([header], CSV_OPTIONS));
  const lines: Array<{ row: number; cells: unknown[] }> = [];
  for await (const row of core.journal.iterate({ batch: batchId, sort: 'id', direction: 'asc' })) {
    const cells = [row.batchRow, row.state, row.recordid, row.message, row.reference, row.surname, row.id, null];
    lines.push({ row: row.batchRow ?? 0, cells });
  }
  for (const r of await core.journal.batches.leftOut(batchId)) {
    const message = r.errors ? errorWords(r.errors) : r.duplicateOf ? `repeats journal entry ${r.duplicateOf}` : '';
    const cells = [r.row, r.status, null, message, r.values.reference, r.values.surname, null, r.duplicateOf];
    lines.push({ row: r.row, cells });
  }
  lines.sort((a, b) => a.row - b.row);
  for (const { cells } of lines)
    write(stringify([cells.map((v) => guardCell(v === null || v === undefined ? '' : String(v)))], CSV_OPTIONS));
  return lines.length;
}

/** A row's errors in words: "surname: Enter the surname; postcode: …" (`_` is the whole row). */
const errorWords = (fields: Record<string, string>) =>
  Object.keys(fields)
    .map((f) => `${f === '_' ? 'row' : f}: ${fields[f]}`)
    .join('; ');

/**
 * The file's rows that fail validation, as they are in the file (mapped fields), each with an
 * `error` column naming the fields and messages, for fixing in a spreadsheet. Returns how many.
 */
export async function writeRejectedRows(
  core: Core,
  req: ImportRequest,
  write: (text: string) => void,
): Promise<number> {
  const { entries } = await openImport(core, req);
  write(CSV_BOM + stringify([['row', ...ENTRY_FIELDS, 'error']], CSV_OPTIONS));
  let count = 0;
  for await (const e of entries) {
    if (e.ok) continue;
    const error = errorWords(e.fields);
    const cells = [String(e.row), ...ENTRY_FIELDS.map((f) => String(e.input[f] ?? '')), error];
    write(stringify([cells.map(guardCell)], CSV_OPTIONS));
    count += 1;
  }
  return count;
}
