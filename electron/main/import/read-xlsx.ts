// Reading .xlsx workbooks for bulk import: exceljs's streaming reader, after a check of the size of
// the workbook's parts (never the whole workbook in memory).
import { ReadStream, createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { MAX_ROW_CHARS, TableReadError, closed, isBlank, type CellError, type TableInfo, type TableRow } from './table';
import { isPersonalNoticeRow } from '@shared/journal/personal-fields';
import { WORKBOOK_LIMITS, checkWorkbookSize, damagedWorkbook, type WorkbookLimits } from './workbook-size';

export { WORKBOOK_LIMITS, type WorkbookLimits } from './workbook-size';

/**
 * What this file uses of exceljs's streaming sheet reader (its typings leave these out): the sheet's
 * name, and its source, a stream of a temporary file when the sheet waited on disk.
 */
type SheetReader = AsyncIterable<SheetRow> & { name: string; iterator?: unknown };
type SheetRow = { number: number; values: unknown; getCell(column: number): { numFmt?: string } };

/** What reading a workbook found out about its sheets. */
interface SheetsSeen {
  sheets: string[];
  sheet?: string;
}

/**
 * Checks the workbook's size (its directory, then what its parts actually unpack to). Each reading
 * reads the workbook afresh: every non-empty row of the sheet, the headings among them.
 */
export async function openWorkbook(path: string, sheet: string | undefined, limits: WorkbookLimits = WORKBOOK_LIMITS) {
  await checkWorkbookSize(path, limits);
  const seen: SheetsSeen = { sheets: [] };
  const chosen = () => seen.sheet ?? sheet ?? '';
  return {
    /** The first reading finds the sheet (the first visible one unless `sheet` is given) and the sheets there are. */
    first: () => workbookRows(path, sheet, seen),
    rows: () => workbookRows(path, chosen(), { sheets: [] }),
    info: (): Omit<TableInfo, 'header' | 'headerRow' | 'titleRows'> => ({
      kind: 'xlsx',
      sheets: seen.sheets,
      sheet: chosen(),
    }),
    empty: () => `The sheet "${chosen()}" is empty.`,
  };
}

/**
 * The non-empty rows of one sheet, read with exceljs's
 * streaming reader. exceljs reads the zip in its stored order: sheets stored before the shared
 * strings (as Excel stores them) wait in temporary files, and then the workbook's list of sheets is
 * known before any sheet is handed over. Otherwise exceljs cannot name the sheets without reading
 * further, and `seen.sheets` lists the sheets handed over so far.
 */
async function* workbookRows(path: string, wanted: string | undefined, seen: SheetsSeen): AsyncGenerator<TableRow> {
  const input = createReadStream(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // tells date cells from numbers
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets = reader[Symbol.asyncIterator]() as unknown as AsyncGenerator<SheetReader>;
  const handed: SheetReader[] = [];
  try {
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
      const sheet = next.value;
      handed.push(sheet);
      const listed = (reader.model?.sheets ?? []) as Array<{ name?: string; state?: string }>;
      seen.sheets = listed.length > 0 ? listed.map((s) => s.name ?? '') : [...seen.sheets, sheet.name];
      const target = wanted ?? listed.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden')?.name ?? sheet.name;
      if (sheet.name !== target) {
        await skipSheet(sheet);
        continue;
      }
      seen.sheet = sheet.name;
      const date1904 = Boolean(
        (reader as { properties?: { model?: { date1904?: boolean } } }).properties?.model?.date1904,
      );
      let first = true;
      for await (const row of sheet) {
        const { cells, errors } = rowCells(row, date1904);
        // A CSV export's personal-data notice line, saved as a workbook, is not the header.
        if (isBlank(cells) || (first && isPersonalNoticeRow(cells))) continue;
        first = false;
        yield { row: row.number, line: row.number, cells, ...(errors.length ? { errors } : {}) };
      }
      return;
    }
    if (wanted !== undefined) {
      const names = seen.sheets.map((name) => `"${name}"`).join(', ');
      throw new TableReadError(`This workbook has no sheet named "${wanted}". Its sheets are: ${names}.`);
    }
    throw new TableReadError('This is not a CSV or .xlsx file: it holds no worksheets.');
  } catch (error) {
    if (error instanceof TableReadError) throw error;
    throw damagedWorkbook(error);
  } finally {
    await closeWorkbook(input, sheets, handed);
  }
}

/** Stops reading a sheet that is not wanted, closing its temporary file. */
async function skipSheet(sheet: SheetReader): Promise<void> {
  const rows = sheet[Symbol.asyncIterator]();
  const first = await rows.next();
  if (!first.done) await rows.return?.();
}

/**
 * Releases the workbook: once the zip has been read, the sheets still waiting are handed over and
 * skipped, so exceljs deletes their temporary files; while it is still being read, reading stops.
 * Temporary files exceljs made before a damaged zip failed stay until Feed Desk exits (exceljs
 * keeps them to itself; its temporary-file library removes them then).
 */
async function closeWorkbook(
  input: ReadStream,
  sheets: AsyncGenerator<SheetReader>,
  handed: SheetReader[],
): Promise<void> {
  try {
    if (input.readableEnded) {
      for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
        handed.push(next.value);
        await skipSheet(next.value);
      }
    } else {
      input.destroy();
      await sheets.return(undefined);
    }
  } catch {
    // The workbook is being given up: a further complaint from it changes nothing.
  }
  const streams = [input, ...handed.map((sheet) => sheet.iterator).filter((s) => s instanceof ReadStream)];
  for (const stream of streams) stream.destroy();
  await Promise.all(streams.map(closed));
}

/**
 * A row's cells as text, from column A to its last cell (a number shown through a format of digits as
 * shown: `00123`), and the cells that hold an error.
 */
function rowCells(row: SheetRow, date1904: boolean): { cells: string[]; errors: CellError[] } {
  const errors: CellError[] = [];
  const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
  const cells: string[] = [];
  for (let column = 1; column < values.length; column += 1) {
    const value = values[column];
    const result = formulaResult(value) ?? value;
    const format = typeof result === 'number' ? row.getCell(column).numFmt : undefined;
    const error = errorOf(result);
    if (error) errors.push({ column: column - 1, error });
    // exceljs leaves out a formula's error value (`<c t="e"><f>…</f><v>#N/A</v>`): a formula with no
    // value is such an error, or was never calculated; either way its text is not what to send.
    else if (isFormula(value) && (value as { result?: unknown }).result === undefined)
      errors.push({ column: column - 1 });
    cells.push(
      typeof result === 'number' && isDateFormat(format)
        ? isoDate(serialToDate(result, date1904))
        : typeof result === 'number' && format
          ? (shownDigits(result, format) ?? cellText(value))
          : cellText(value),
    );
  }
  const chars = cells.reduce((sum, cell) => sum + cell.length, 0);
  if (chars > MAX_ROW_CHARS)
    throw new TableReadError(
      `Row ${row.number} is too long to read (over ${MAX_ROW_CHARS.toLocaleString('en-GB')} characters): ` +
        'its cells repeat long texts. Save the sheet as CSV, or shorten those cells.',
      row.number,
    );
  return { cells, errors };
}

/** A cell's error (#N/A, #REF!, #DIV/0!…), itself or as a formula's result; undefined for a value. */
function errorOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || !('error' in value)) return undefined;
  return String((value as { error: unknown }).error);
}

/**
 * A whole number as a number format of digits shows it, when the format is only digit places and
 * fixed characters ("00000", "0000 000 0000", "\"0\"0000000000"): 123 under "00000" is "00123".
 * Undefined for any other format (decimals, thousands, text, dates, colours, sections) or value.
 */
export function shownDigits(value: number, format: string): string | undefined {
  if (!Number.isSafeInteger(value) || value < 0 || format === 'General') return undefined;
  const tokens: Array<{ digit: '0' | '#' } | { text: string }> = [];
  for (let i = 0; i < format.length; i += 1) {
    const ch = format[i]!;
    if (ch === '0' || ch === '#') tokens.push({ digit: ch });
    else if (ch === '"') {
      const end = format.indexOf('"', i + 1);
      if (end === -1) return undefined;
      tokens.push({ text: format.slice(i + 1, end) });
      i = end;
    } else if (ch === '\\' && i + 1 < format.length) tokens.push({ text: format[(i += 1)]! });
    else if (' -()/+'.includes(ch)) tokens.push({ text: ch });
    else return undefined;
  }
  const places = tokens.filter((t) => 'digit' in t).length;
  if (places === 0 || !tokens.some((t) => 'digit' in t && t.digit === '0')) return undefined;
  let digits = String(value);
  let out = '';
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    if ('text' in token) out = token.text + out;
    else if (digits.length > 0) {
      // The first digit place takes every digit left over (a number longer than the format).
      const isFirst = !tokens.slice(0, i).some((t) => 'digit' in t);
      out = (isFirst ? digits : digits.slice(-1)) + out;
      digits = isFirst ? '' : digits.slice(0, -1);
    } else if (token.digit === '0') out = '0' + out;
  }
  return out;
}

const isFormula = (value: unknown) =>
  value !== null && typeof value === 'object' && ('formula' in value || 'sharedFormula' in value);

function formulaResult(value: unknown): unknown {
  return isFormula(value) ? (value as { result?: unknown }).result : undefined;
}

/** A cell value as the text a person sees: dates as YYYY-MM-DD, formulas as their result, links as their text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((part: { text?: unknown }) => cellText(part.text)).join('');
  }
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: unknown }).result);
  if ('text' in value) return cellText(value.text);
  if ('error' in value) return cellText(value.error);
  return '';
}

function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Excel's day number as a date (as exceljs converts date-formatted cells). */
function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** True for a number format that shows a date (the test exceljs applies to plain cells). */
function isDateFormat(format: string | undefined): boolean {
  return Boolean(format && /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '')));
}
