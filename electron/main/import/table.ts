// What reading a table shares, whatever the file's kind: the refusal in words, what a file was found
// to hold, its rows, and the helpers the CSV and workbook readers both use.
import { createHash } from 'node:crypto';
import { ReadStream, createReadStream } from 'node:fs';

/** Why a file cannot be read as a table, in words for the person importing it; `line` when one line is at fault. */
export class TableReadError extends Error {
  override readonly name = 'TableReadError' as const;
  readonly line?: number;

  constructor(message: string, line?: number, options?: { cause?: unknown }) {
    super(message, options);
    if (line !== undefined) this.line = line;
  }
}

/** What was found out about a file while reading as far as its header. */
export interface TableInfo {
  kind: 'csv' | 'xlsx';
  encoding?: 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
  delimiter?: ',' | ';' | '\t';
  /** The workbook's sheets, in workbook order. */
  sheets?: string[];
  sheet?: string;
  header: string[];
  /** The row of the headings, as a spreadsheet numbers it (1 when the file starts with them). */
  headerRow: number;
  /** Filled rows above the headings (a title block), left out. */
  titleRows: number;
}

/**
 * One data row. `row` is the row number a spreadsheet program shows for it (the header is row 1 when
 * the file starts with it; blank lines are rows there too); `line` is the file line the row starts
 * on, later than `row` after a quoted cell that spans lines. For a workbook both are the sheet's row.
 */
export interface TableRow {
  row: number;
  line: number;
  cells: string[];
  /** A workbook's cells that hold an error (#N/A, #REF!…): the row cannot be sent as it is. */
  errors?: CellError[];
}

/** A cell holding an error, by its column (0 for A): the error shown, when the workbook says which. */
export interface CellError {
  column: number;
  error?: string;
}

/** The encodings a CSV file may be read in; 'utf-16' is either byte order, told by its byte order mark. */
export type TableEncoding = 'auto' | 'utf-8' | 'windows-1252' | 'utf-16';

export interface OpenTableOptions {
  /** The worksheet to read; the first visible one when not given. */
  sheet?: string;
  encoding?: TableEncoding;
  /** The row of the headings, as a spreadsheet numbers it; found from the file when not given. */
  headerRow?: number;
  /** Limits of a workbook's size other than the usual (tests). */
  workbookLimits?: WorkbookLimits;
}

/**
 * A row longer than this is refused rather than held in memory: in a CSV file usually a quote mark
 * without its partner, in a workbook texts repeated across its cells.
 */
export const MAX_ROW_CHARS = 1_000_000;

/* The limits of a workbook, here so the readers and the size check share them without a circle. */
/**
 * The most one part of a workbook may hold unpacked, and how much smaller than that it may be packed;
 * the most its shared strings (cell texts, held in memory while reading) may come to, unpacked and in number.
 */
export const WORKBOOK_LIMITS = {
  partBytes: 256 * 1024 * 1024,
  ratio: 100,
  ratioFromBytes: 1024 * 1024,
  sharedStringsBytes: 64 * 1024 * 1024,
  sharedStrings: 1_000_000,
  /** The longest text of one cell (or one shared string), in bytes: no field takes more than a few thousand characters. */
  cellBytes: 1024 * 1024,
} as const;

export type WorkbookLimits = Readonly<Record<keyof typeof WORKBOOK_LIMITS, number>>;

/** How much of the file is looked at to tell its kind and encoding. */
export const SNIFF_BYTES = 64 * 1024;

export const signature = (bytes: Buffer, ...start: number[]) => start.every((b, i) => bytes[i] === b);

/** The sha256 of the file's bytes, in hex, read a piece at a time. */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (error) {
    throw openProblem(error);
  }
  return hash.digest('hex');
}

/** Plain words for a file that cannot be opened or read at all. */
export function openProblem(error: unknown): TableReadError {
  const code = (error as NodeJS.ErrnoException).code;
  const message =
    code === 'ENOENT'
      ? 'The file cannot be found. It may have been moved, renamed or deleted.'
      : code === 'EACCES' || code === 'EPERM'
        ? 'Feed Desk is not allowed to open this file.'
        : code === 'EBUSY'
          ? 'The file is in use by another program. Close it there and try again.'
          : code === 'EISDIR'
            ? 'This is a folder, not a file.'
            : `The file cannot be read (${code ?? 'unknown error'}).`;
  return new TableReadError(message, undefined, { cause: error });
}

export function newlines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count += 1;
  return count;
}

export async function firstOf<T>(rows: AsyncGenerator<T>): Promise<T | undefined> {
  const first = await rows.next();
  await rows.return(undefined);
  return first.done ? undefined : first.value;
}

export const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

export function closed(stream: ReadStream): Promise<void> {
  return stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once('close', () => resolve()));
}
