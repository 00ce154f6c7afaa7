import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { ReadStream, createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { openWorkbook } from './read-xlsx';

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
  encoding?: 'utf-8' | 'windows-1252';
  delimiter?: ',' | ';' | '\t';
  /** The workbook's sheets, in workbook order. */
  sheets?: string[];
  sheet?: string;
  header: string[];
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
}

export type TableEncoding = 'auto' | 'utf-8' | 'windows-1252';

export interface OpenTableOptions {
  /** The worksheet to read; the first visible one when not given. */
  sheet?: string;
  encoding?: TableEncoding;
}

type Delimiter = NonNullable<TableInfo['delimiter']>;
type CsvSettings = { encoding: NonNullable<TableInfo['encoding']>; delimiter: Delimiter };

/** How much of the file is looked at to tell its kind and encoding. */
const SNIFF_BYTES = 64 * 1024;
/** A CSV row longer than this is refused rather than held in memory (usually a quote mark without its partner). */
const MAX_ROW_CHARS = 1_000_000;

const signature = (bytes: Buffer, ...start: number[]) => start.every((b, i) => bytes[i] === b);
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
  if (signature(start, 0x50, 0x4b, 0x03, 0x04)) return openWorkbook(path, options.sheet);
  refuseOtherFormats(start);

  const encoding = options.encoding && options.encoding !== 'auto' ? options.encoding : guessEncoding(start);
  const text = encoding === 'utf-8' ? new TextDecoder().decode(start) : iconv.decode(start, 'windows-1252');
  const settings: CsvSettings = { encoding, delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')) };
  const header = await firstOf(csvRows(path, settings, false));
  if (!header) throw new TableReadError('The file is empty.');
  return {
    info: { kind: 'csv', ...settings, header: header.cells },
    rows: { [Symbol.asyncIterator]: () => csvRows(path, settings, true) },
  };
}

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

/** Plain words for a file that cannot be opened or read at all. */
function openProblem(error: unknown): TableReadError {
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

/** UTF-8 when the file starts with a BOM or its first bytes are valid UTF-8 (a character cut at the end allowed). */
function guessEncoding(start: Buffer): CsvSettings['encoding'] {
  if (signature(start, 0xef, 0xbb, 0xbf)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: start.length === SNIFF_BYTES });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter of the first non-blank line: the most frequent of comma, semicolon and tab outside quotes. */
function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  let content = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === ',' || ch === ';' || ch === '\t') counts[ch] += 1;
    else if (ch === '\n' || ch === '\r') {
      if (content) break;
      counts[','] = counts[';'] = counts['\t'] = 0;
      continue;
    }
    if (ch !== ',' && ch !== ';' && !/\s/.test(ch)) content = true;
  }
  const order: Delimiter[] = [',', ';', '\t'];
  return order.reduce((best, d) => (counts[d] > counts[best] ? d : best), order[0]!);
}

function newlines(bytes: Buffer): number {
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

/**
 * The non-blank CSV records, the header first unless `afterHeader`, with their rows and starting lines.
 * Blank lines come through as records too, so that rows and lines are counted here: a record spans
 * the line breaks inside its quoted cells (csv-parse's own count takes a CRLF inside quotes as two).
 */
async function* csvRows(path: string, settings: CsvSettings, afterHeader: boolean): AsyncGenerator<TableRow> {
  const file = createReadStream(path, { highWaterMark: SNIFF_BYTES });
  const decode = settings.encoding === 'utf-8' ? new Utf8Check() : iconv.decodeStream('windows-1252');
  const parser = parse({
    delimiter: settings.delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_ROW_CHARS,
  });
  pipeline(file, decode, parser, () => undefined);
  let row = 0;
  let line = 0;
  let skip = afterHeader;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      const start = line + 1;
      line = start;
      for (const cell of record) line += lineBreaks(cell);
      const last = record.length - 1;
      if (record[last]?.endsWith('\r')) record[last] = record[last].slice(0, -1);
      if (isBlank(record)) continue;
      if (skip) skip = false;
      else yield { row, line: start, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error, line + 1);
    if (error instanceof TableReadError) throw error;
    throw openProblem(error);
  } finally {
    parser.destroy();
    file.destroy();
    await closed(file);
  }
}

const lineBreaks = (cell: string) =>
  cell.includes('\n') || cell.includes('\r') ? (cell.match(/\r\n|\r|\n/g)?.length ?? 0) : 0;

/** csv-parse's complaint about a record starting on `line`, in plain words. */
function csvProblem(error: CsvError, line: number): TableReadError {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new TableReadError(`Line ${line}: a quoted field is not closed.`, line, { cause: error });
    case 'CSV_MAX_RECORD_SIZE':
      return new TableReadError(
        `Line ${line}: the row is too long to read (over ${MAX_ROW_CHARS.toLocaleString('en-GB')} characters). ` +
          'A quoted field may not be closed.',
        line,
        { cause: error },
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return new TableReadError(`Line ${line}: a quote mark is out of place.`, line, { cause: error });
    default:
      return new TableReadError(`Line ${line}: this line cannot be read as CSV.`, line, { cause: error });
  }
}

/**
 * Passes UTF-8 bytes through unchanged, refusing the file at the first byte that is not UTF-8 (a file
 * that looked like UTF-8 at the start may not be throughout): nothing is read as a replacement character.
 */
class Utf8Check extends Transform {
  private carry = Buffer.alloc(0);
  private lines = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const end = wholeCharacters(bytes);
    const body = bytes.subarray(0, end);
    if (!isUtf8(body)) return done(this.refuse(body, firstBadByte(body)));
    this.lines += newlines(body);
    this.carry = Buffer.from(bytes.subarray(end));
    done(null, body);
  }

  override _flush(done: TransformCallback): void {
    done(this.carry.length > 0 ? this.refuse(this.carry, 0) : null);
  }

  private refuse(bytes: Buffer, at: number): TableReadError {
    const line = this.lines + newlines(bytes.subarray(0, at)) + 1;
    return new TableReadError(
      `Line ${line} holds characters that are not UTF-8 text. ` +
        'Save the file as CSV UTF-8, or choose the Windows-1252 encoding, and try again.',
      line,
    );
  }
}

/** How many bytes at the start form whole characters: a character cut at the end waits for the next chunk. */
function wholeCharacters(bytes: Buffer): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 4); i -= 1) {
    const b = bytes[i]!;
    if ((b & 0xc0) === 0x80) continue;
    const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return i + size > bytes.length ? i : bytes.length;
  }
  return bytes.length;
}

/** Where the first byte that does not start a valid UTF-8 character is. */
function firstBadByte(bytes: Buffer): number {
  let at = 0;
  while (at < bytes.length) {
    const b = bytes[at]!;
    const size = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
    if (size === 0 || !isUtf8(bytes.subarray(at, at + size))) return at;
    at += size;
  }
  return at;
}
