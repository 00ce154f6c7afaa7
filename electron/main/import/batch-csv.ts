// The CSV files of a bulk import: a batch's results, and the rows of a file that fail validation.
import { stringify } from 'csv-stringify/sync';
import { ENTRY_FIELDS } from '../../../shared/entry/fields';
import type { Core } from '../core/core';
import { guardCell } from '../journal/queries';
import { openImport, type ImportRequest } from './batch-import';

/** Every cell quoted, so a spreadsheet splitting on another separator (;) never starts a cell with a formula. */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted: true } as const;

/** A batch's results, one line per row in file order: row number, state, recordid, message. Returns how many. */
export async function writeBatchResults(core: Core, batchId: number, write: (text: string) => void): Promise<number> {
  write(stringify([['row', 'state', 'recordid', 'message', 'reference', 'surname', 'journal_id']], CSV_OPTIONS));
  let count = 0;
  for await (const row of core.journal.iterate({ batch: batchId, sort: 'id', direction: 'asc' })) {
    const cells = [row.batchRow, row.state, row.recordid, row.message, row.reference, row.surname, row.id];
    write(stringify([cells.map((v) => guardCell(v === null ? '' : String(v)))], CSV_OPTIONS));
    count += 1;
  }
  return count;
}

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
  write(stringify([['row', ...ENTRY_FIELDS, 'error']], CSV_OPTIONS));
  let count = 0;
  for await (const e of entries) {
    if (e.ok) continue;
    const error = Object.keys(e.fields)
      .map((f) => `${f === '_' ? 'row' : f}: ${e.fields[f]}`)
      .join('; ');
    const cells = [String(e.row), ...ENTRY_FIELDS.map((f) => String(e.input[f] ?? '')), error];
    write(stringify([cells.map(guardCell)], CSV_OPTIONS));
    count += 1;
  }
  return count;
}
