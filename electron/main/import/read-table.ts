// Opening a file for bulk import: its first bytes tell a workbook from CSV (and refuse other
// formats), then the reader of its kind reads it.
import { open } from 'node:fs/promises';
import { openCsv } from './read-csv';
import {
  SNIFF_BYTES,
  TableReadError,
  newlines,
  openProblem,
  signature,
  type OpenTableOptions,
  type TableInfo,
  type TableRow,
} from './table';

const PICTURE_OR_DOCUMENT = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46, 0x2d], // PDF
  [0x1f, 0x8b], // gzip
];

/**
 * Opens a CSV or .xlsx file (told apart by content) and reads as far as its header. Each iteration of
 * `rows` reads the file afresh from the start, one row at a time, and closes it when the iteration
 * ends or is abandoned; nothing stays open between openTable and the iteration.
 */
export async function openTable(
  path: string,
  options: OpenTableOptions = {},
): Promise<{ info: TableInfo; rows: AsyncIterable<TableRow> }> {
  const start = await readStart(path);
  if (start.length === 0) throw new TableReadError('The file is empty.');
  // The workbook reader (exceljs) is loaded only for a workbook: a CSV file's rows start without it.
  if (signature(start, 0x50, 0x4b, 0x03, 0x04)) return (await import('./read-xlsx')).openWorkbook(path, options.sheet);
  refuseOtherFormats(start);
  return openCsv(path, start, options.encoding);
}

async function readStart(path: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    throw openProblem(error);
  } finally {
    await handle?.close();
  }
}

/** Refuses files that are plainly not text: other formats, binary data, UTF-16 text. */
function refuseOtherFormats(start: Buffer): void {
  if (signature(start, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    throw new TableReadError(
      'This is an old-style Excel file (.xls) or a workbook with a password. ' +
        'Save it as .xlsx or CSV, without a password, and try again.',
    );
  }
  if (signature(start, 0xff, 0xfe) || signature(start, 0xfe, 0xff)) {
    throw new TableReadError('This file is saved as Unicode text (UTF-16). Save it as CSV UTF-8 and try again.');
  }
  if (PICTURE_OR_DOCUMENT.some((magic) => signature(start, ...magic))) {
    throw new TableReadError('This is not a CSV or .xlsx file (line 1 holds binary data).', 1);
  }
  const nul = start.indexOf(0);
  if (nul !== -1) {
    const line = newlines(start.subarray(0, nul)) + 1;
    throw new TableReadError(`This is not a CSV or .xlsx file (line ${line} holds binary data).`, line);
  }
}
