// Workbooks as a spreadsheet expects them: headings in row 1, frozen, with a filter; dates as dates,
// amounts and counts as numbers, and telephone numbers, policy numbers and postcodes as text with their
// zeros. A workbook holding customers' details says so on a second sheet. Written with exceljs's
// streaming writer, a row at a time.
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** How a column's values are written: as text, a whole number, an amount, a calendar date or a moment. */
export type XlsxKind = 'text' | 'number' | 'money' | 'date' | 'moment';

export interface XlsxSheet {
  name: string;
  headings: readonly string[];
  kinds: readonly XlsxKind[];
  rows: AsyncIterable<readonly (string | number | null)[]> | Iterable<readonly (string | number | null)[]>;
}

const FORMATS: Partial<Record<XlsxKind, string>> = {
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  moment: 'yyyy-mm-dd hh:mm:ss',
};

/**
 * A value as its column's kind writes it; text when it does not read as that kind (an amount keyed as
 * "n/a" stays "n/a"). A moment is shown in this computer's local time, as the screens show it.
 */
export function xlsxValue(kind: XlsxKind, value: string | number | null): string | number | Date | null {
  if (value === null || value === '') return null;
  if (kind === 'text') return String(value);
  if (kind === 'number' || kind === 'money') {
    const n = typeof value === 'number' ? value : Number(String(value).replace(/[£$€,\s]/g, ''));
    return Number.isFinite(n) && String(value).trim() !== '' ? n : String(value);
  }
  const text = String(value);
  if (kind === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : text;
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return text;
  // A workbook's moments have no time zone: written as the wall-clock time here.
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
}

/**
 * Writes the sheets (then, with `notice`, a sheet "Personal data" saying what the workbook holds; a
 * function is asked once the rows are written) as an .xlsx file through `write`. Returns the number
 * of data rows written.
 */
export async function writeXlsx(
  write: (data: Uint8Array) => void,
  sheets: readonly XlsxSheet[],
  notice?: string | (() => string | undefined),
): Promise<number> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        write(chunk);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  let rows = 0;
  for (const sheet of sheets) {
    const last = Math.max(1, sheet.headings.length);
    const ws = book.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.headings.map((heading, i) => ({
      header: heading,
      key: String(i),
      width: Math.min(40, Math.max(10, heading.length + 2)),
      style: FORMATS[sheet.kinds[i] ?? 'text'] ? { numFmt: FORMATS[sheet.kinds[i] ?? 'text'] } : {},
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: last } };
    for await (const values of sheet.rows) {
      ws.addRow(values.map((value, i) => xlsxValue(sheet.kinds[i] ?? 'text', value))).commit();
      rows += 1;
    }
    ws.commit();
  }
  const said = typeof notice === 'function' ? notice() : notice;
  if (said) {
    const ws = book.addWorksheet('Personal data');
    ws.addRow([said]).commit();
    ws.commit();
  }
  await book.commit();
  return rows;
}
