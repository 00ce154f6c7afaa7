// Workbooks whose cells show something other than their stored value: numbers formatted to show their
// leading zeros, and cells showing an error. Made in the test with exceljs.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { readEntries, type ReadEntry } from '@main/import/entries';
import { shownDigits } from '@main/import/read-xlsx';
import type { EntryRules } from '@shared/entry/schema';
import { sampleInput } from '@test/support/service';

const dir = mkdtempSync(join(tmpdir(), 'feed-desk-xlsx-values-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const rules: EntryRules = { fieldRules: {}, postcodeCheck: true };

describe('number formats of digits', () => {
  it('shows a whole number as the format of digits shows it, and leaves other formats alone', () => {
    expect(shownDigits(123, '00000')).toBe('00123');
    expect(shownDigits(7700900123, '00000000000')).toBe('07700900123');
    expect(shownDigits(7700900123, '00000 000000')).toBe('07700 900123');
    expect(shownDigits(7700900123, '"0"0000000000')).toBe('07700900123');
    expect(shownDigits(1234567, '000')).toBe('1234567');
    expect(shownDigits(42, '#,##0')).toBeUndefined();
    expect(shownDigits(42, '0.00')).toBeUndefined();
    expect(shownDigits(42, 'General')).toBeUndefined();
    expect(shownDigits(4.5, '00000')).toBeUndefined();
  });
});

describe('a workbook read as it shows', () => {
  it('sends 00123 and 07700900123 as shown, and refuses a row whose cell shows #N/A, naming the cell', async () => {
    const s = sampleInput();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Entries');
    sheet.addRow(['Account code', 'Reference', 'Surname', 'Postcode', 'Policy', 'Total value', 'Telephone']);
    sheet.addRow([s.account_code, 123, 'Smith', s.postcode, 'P1', 10, 7700900123]);
    sheet.getCell('B2').numFmt = '00000';
    sheet.getCell('G2').numFmt = '00000000000';
    sheet.addRow([
      s.account_code,
      'R2',
      { formula: 'VLOOKUP(A3,X:Y,2,0)', result: { error: '#N/A' } },
      s.postcode,
      'P2',
      10,
      '',
    ]);
    sheet.addRow([s.account_code, 'R3', { error: '#REF!' }, s.postcode, 'P3', 10, '']);
    const path = join(dir, 'shown.xlsx');
    await book.xlsx.writeFile(path);
    const read = await readEntries(path, { rules, dateOrder: 'YYYY-MM-DD' });
    const all: ReadEntry[] = [];
    for await (const e of read.entries) all.push(e);
    expect(all[0]).toMatchObject({ ok: true, entry: { reference: '00123', telephone: '07700900123' } });
    // exceljs's reader leaves out a formula's error value: the cell is named all the same.
    expect(all[1]).toMatchObject({
      ok: false,
      fields: { surname: expect.stringMatching(/^Cell C3 holds a formula with no value \(an error such as #N\/A/) },
    });
    expect(all[2]).toMatchObject({
      ok: false,
      fields: { surname: 'Cell C4 shows the error #REF!: fix it in the workbook' },
    });
  });
});
