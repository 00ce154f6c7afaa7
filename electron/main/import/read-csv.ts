// Reading CSV files for bulk import: the encoding and delimiter found from the file's start, then
// csv-parse's streaming reader, one row at a time (never the whole file in memory).
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import {
  SNIFF_BYTES,
  TableReadError,
  closed,
  MAX_ROW_CHARS,
  isBlank,
  newlines,
  openProblem,
  signature,
  type TableEncoding,
  type TableInfo,
  type TableRow,
} from './table';
import { PERSONAL_NOTICE_START, isPersonalNoticeRow } from '@shared/journal/personal-fields';

type Delimiter = NonNullable<TableInfo['delimiter']>;
type CsvSettings = { encoding: NonNullable<TableInfo['encoding']>; delimiter: Delimiter };

/**
 * Finds a CSV file's encoding (unless given) and delimiter from `start`, the file's first bytes. Each
 * iteration of `rows` reads the file afresh: every non-blank record, the headings among them.
 */
export function openCsv(path: string, start: Buffer, chosen?: TableEncoding) {
  const utf16 = signature(start, 0xfe, 0xff) ? 'utf-16be' : 'utf-16le';
  const encoding =
    chosen === 'utf-16' || (chosen !== 'utf-8' && chosen !== 'windows-1252' && isUtf16(start))
      ? utf16
      : chosen && chosen !== 'auto'
        ? chosen
        : guessEncoding(start);
  const text = encoding === 'utf-8' ? new TextDecoder().decode(start) : iconv.decode(start, encoding);
  const settings: CsvSettings = {
    encoding,
    delimiter: detectDelimiter(text.replace(/^\uFEFF/, '').replace(NOTICE_LINE, '')),
  };
  const info: Omit<TableInfo, 'header' | 'headerRow' | 'titleRows'> = { kind: 'csv', ...settings };
  return {
    first: () => csvRows(path, settings),
    rows: () => csvRows(path, settings),
    info: () => info,
    empty: () => 'The file is empty.',
  };
}

/** A file that starts with UTF-16's byte order mark (as Excel's "Unicode text" saves). */
const isUtf16 = (start: Buffer) => signature(start, 0xff, 0xfe) || signature(start, 0xfe, 0xff);

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

/** An export's personal-data notice line at the start (quoted when a spreadsheet saved it so): not the header. */
const NOTICE_LINE = new RegExp(`^\\s*"?# ${PERSONAL_NOTICE_START}[^\\r\\n]*`);

/**
 * The delimiter of the file's first lines: of comma, semicolon and tab (outside quotes), the one the
 * lines hold most often in the same number; a title line with none, or a heading that ends in a stray
 * tab, does not decide it.
 */
function detectDelimiter(text: string): Delimiter {
  const order: Delimiter[] = [',', ';', '\t'];
  const lines: Record<Delimiter, number>[] = [];
  let counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  let content = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === ',' || ch === ';' || ch === '\t') counts[ch] += 1;
    else if (ch === '\n' || ch === '\r') {
      if (content) lines.push(counts);
      if (lines.length === 20) break;
      counts = { ',': 0, ';': 0, '\t': 0 };
      content = false;
      continue;
    }
    if (ch !== ',' && ch !== ';' && !/\s/.test(ch)) content = true;
  }
  if (content && lines.length < 20) lines.push(counts);
  // Per delimiter: how many lines hold it the same number of times (at least once), most of all.
  const steady = (d: Delimiter) => {
    const seen = new Map<number, number>();
    for (const line of lines) if (line[d] > 0) seen.set(line[d], (seen.get(line[d]) ?? 0) + 1);
    return Math.max(0, ...seen.values());
  };
  const total = (d: Delimiter) => lines.reduce((sum, line) => sum + line[d], 0);
  return order.reduce((best, d) => {
    const [a, b] = [steady(d), steady(best)];
    return a > b || (a === b && total(d) > total(best)) ? d : best;
  }, order[0]!);
}

/**
 * The non-blank CSV records with their rows and starting lines; an export's personal-data notice line
 * at the start is skipped.
 * Blank lines come through as records too, so that rows and lines are counted here: a record spans
 * the line breaks inside its quoted cells (csv-parse's own count takes a CRLF inside quotes as two).
 */
async function* csvRows(path: string, settings: CsvSettings): AsyncGenerator<TableRow> {
  const file = createReadStream(path, { highWaterMark: SNIFF_BYTES });
  const decode = settings.encoding === 'utf-8' ? new Utf8Check() : iconv.decodeStream(settings.encoding);
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
  let first = true;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      const start = line + 1;
      line = start;
      for (const cell of record) line += lineBreaks(cell);
      const last = record.length - 1;
      if (record[last]?.endsWith('\r')) record[last] = record[last].slice(0, -1);
      if (isBlank(record) || (first && isPersonalNoticeRow(record))) continue;
      first = false;
      yield { row, line: start, cells: record };
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
