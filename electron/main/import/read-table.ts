// Opening a file for bulk import: its first bytes tell a workbook from CSV (and refuse other
// formats), then the reader of its kind reads it.
import { open } from 'node:fs/promises';
import { HEADING_LOOK_AHEAD, findHeadingRow } from './heading-row';
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
 * Opens a CSV or .xlsx file (told apart by content) and reads as far as its headings: the row given
 * (`headerRow`, as a spreadsheet numbers it), else the first row that reads as headings, past a title
 * block. Each iteration of `rows` reads the file afresh from the start, yields the rows after the
 * headings one at a time, and closes the file when the iteration ends or is abandoned; nothing stays
 * open between openTable and the iteration.
 */
export async function openTable(
  path: string,
  options: OpenTableOptions = {},
): Promise<{ info: TableInfo; rows: AsyncIterable<TableRow>; samples: string[][] }> {
  const start = await readStart(path);
  if (start.length === 0) throw new TableReadError('The file is empty.');
  // The workbook reader (exceljs) is loaded only for a workbook: a CSV file's rows start without it.
  const opened = signature(start, 0x50, 0x4b, 0x03, 0x04)
    ? await (await import('./read-xlsx')).openWorkbook(path, options.sheet, options.workbookLimits)
    : (refuseOtherFormats(start, options.encoding), openCsv(path, start, options.encoding));
  const heading = await headingOf(opened.first(), options.headerRow, opened.empty);
  const headerRow = heading.row;
  return {
    info: { ...opened.info(), header: heading.cells, headerRow, titleRows: heading.before },
    rows: { [Symbol.asyncIterator]: () => rowsAfter(opened.rows(), headerRow) },
    samples: heading.after,
  };
}

/** The heading row: the one given, or found among the first rows; and how many filled rows stand above it. */
async function headingOf(
  rows: AsyncGenerator<TableRow>,
  given: number | undefined,
  empty: () => string,
): Promise<TableRow & { before: number; after: string[][] }> {
  const lead: TableRow[] = [];
  try {
    for await (const row of rows) {
      if (given !== undefined ? row.row >= given : lead.length === HEADING_LOOK_AHEAD) {
        if (given !== undefined) lead.push(row);
        break;
      }
      lead.push(row);
    }
  } finally {
    await rows.return(undefined);
  }
  if (lead.length === 0) throw new TableReadError(empty());
  if (given !== undefined) {
    const at = lead.at(-1)!;
    if (at.row !== given) {
      throw new TableReadError(
        at.row > given
          ? `Row ${given} of the file is blank: choose the row that holds the headings.`
          : `The file has no row ${given}: its last row is ${at.row}.`,
      );
    }
    return { ...at, before: lead.length - 1, after: [] };
  }
  const index = findHeadingRow(lead.map((row) => row.cells));
  return { ...lead[index]!, before: index, after: lead.slice(index + 1).map((row) => row.cells) };
}

async function* rowsAfter(rows: AsyncGenerator<TableRow>, headerRow: number): AsyncGenerator<TableRow> {
  for await (const row of rows) if (row.row > headerRow) yield row;
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

/** Refuses files that are plainly not text: other formats, binary data (UTF-16 text aside). */
function refuseOtherFormats(start: Buffer, encoding: OpenTableOptions['encoding']): void {
  if (signature(start, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    throw new TableReadError(
      'This is an old-style Excel file (.xls) or a workbook with a password. ' +
        'Save it as .xlsx or CSV, without a password, and try again.',
    );
  }
  if (PICTURE_OR_DOCUMENT.some((magic) => signature(start, ...magic))) {
    throw new TableReadError('This is not a CSV or .xlsx file (line 1 holds binary data).', 1);
  }
  const utf16 = encoding === 'utf-16' || signature(start, 0xff, 0xfe) || signature(start, 0xfe, 0xff);
  const nul = utf16 ? -1 : start.indexOf(0);
  if (nul !== -1) {
    const line = newlines(start.subarray(0, nul)) + 1;
    throw new TableReadError(`This is not a CSV or .xlsx file (line ${line} holds binary data).`, line);
  }
}
