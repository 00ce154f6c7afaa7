// Partners' files with a title block above the headings and total rows below the entries, made in the
// test (csv-stringify and exceljs) with 0 to 5 title lines, blank lines between, and headings of
// several partners' wording: the headings are found, and the totals are left out, listed, never checked.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { openTable } from '@main/import/read-table';
import { readEntries } from '@main/import/entries';
import { findHeadingRow, isSummaryRow } from '@main/import/heading-row';
import { TableReadError } from '@main/import/table';
import type { EntryRules } from '@shared/entry/schema';

const rules: EntryRules = { fieldRules: {}, postcodeCheck: true };
const dir = mkdtempSync(join(tmpdir(), 'feed-desk-heading-row-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADINGS = ['Acct Code', 'Policy No', 'Client Ref', 'Title', 'First Name', 'Surname', 'Postcode', 'Premium'];
const entry = (i: number) => [
  'ACC1',
  `POL${1000 + i}`,
  `REF-${i}`,
  'Mr',
  'Sam',
  `Oduya${i}`,
  'LS1 4AP',
  `${100 + i}.50`,
];
const TITLES = [
  ['Acme Insurance plc — monthly bordereau'],
  ['Period: November 2026', '', '', '', '', 'Prepared 01/12/2026'],
  ['Broker', 'Northern Cover Ltd'],
  ['Confidential'],
  ['Currency', 'GBP'],
];

let files = 0;
async function write(rows: string[][], ext: 'csv' | 'xlsx'): Promise<string> {
  const path = join(dir, `f${(files += 1)}.${ext}`);
  if (ext === 'csv') writeFileSync(path, stringify(rows));
  else {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Bordereau');
    rows.forEach((row, i) => (row.length ? (sheet.getRow(i + 1).values = row) : undefined));
    await book.xlsx.writeFile(path);
  }
  return path;
}

describe('finding the heading row', () => {
  for (const ext of ['csv', 'xlsx'] as const) {
    for (let titles = 0; titles <= 5; titles += 1) {
      it(`${ext}: ${titles} title line(s) and a blank row above the headings, a total row below`, async () => {
        const above = titles === 0 ? [] : [...TITLES.slice(0, titles), []];
        const data = Array.from({ length: 12 }, (_, i) => entry(i + 1));
        const path = await write([...above, HEADINGS, ...data, ['TOTAL', '', '', '', '', '', '', '1278.00']], ext);
        const { info, rows } = await openTable(path);
        const headerRow = above.length + 1;
        expect(info.header).toEqual(HEADINGS);
        expect(info.headerRow).toBe(headerRow);
        expect(info.titleRows).toBe(titles);
        const read = [];
        for await (const row of rows) read.push(row);
        expect(read.map((r) => r.row)).toEqual(Array.from({ length: 13 }, (_, i) => headerRow + 1 + i));

        const { entries } = await readEntries(path, { rules, dateOrder: 'DD/MM/YYYY' });
        const seen = [];
        for await (const e of entries) seen.push(e);
        expect(seen.filter((e) => e.summary).map((e) => e.row)).toEqual([headerRow + 13]);
        expect(seen.filter((e) => !e.summary)).toHaveLength(12);
        expect(seen.filter((e) => !e.summary).every((e) => e.ok || !('_' in e.fields))).toBe(true);
      });
    }
  }

  it('reads the row a person chooses, and says so in words when that row is blank or past the end', async () => {
    const path = await write([['Title'], [], HEADINGS, entry(1)], 'csv');
    expect((await openTable(path, { headerRow: 4 })).info.header).toEqual(entry(1));
    await expect(openTable(path, { headerRow: 2 })).rejects.toThrow(
      new TableReadError('Row 2 of the file is blank: choose the row that holds the headings.'),
    );
    await expect(openTable(path, { headerRow: 9 })).rejects.toThrow('The file has no row 9: its last row is 4.');
  });

  it('a file of values only is read from its first row, as before', () => {
    expect(findHeadingRow([entry(1), entry(2), entry(3)])).toBe(0);
    expect(findHeadingRow([['Only one heading'], ['x']])).toBe(0);
  });

  it('a trailing tab on the headings does not make the file tab-separated', async () => {
    const path = join(dir, 'tabs.csv');
    writeFileSync(path, `Policy No\t,Surname\t,Postcode\t\r\nPOL1,Oduya,LS1 4AP\r\nPOL2,Smith,LS2 7EE\r\n`);
    const { info } = await openTable(path);
    expect(info.delimiter).toBe(',');
    expect(info.header).toEqual(['Policy No\t', 'Surname\t', 'Postcode\t']);
  });
});

describe('total and summary rows', () => {
  it('a total label with amounts beside it, or numbers only where an entry is identified', () => {
    expect(isSummaryRow(['TOTAL', '', '1,278.00'], [])).toBe(true);
    expect(isSummaryRow(['Grand total:', '12', '£1,278.00'], [])).toBe(true);
    expect(isSummaryRow(['Sub-total', '3'], [])).toBe(true);
    expect(isSummaryRow(['', '', '', '12', '1278.00'], [0, 1])).toBe(true);
    // an entry whose surname is Total, and a row with text where the identifiers would be: entries
    expect(isSummaryRow(['Total', 'Sam', 'LS1 4AP'], [])).toBe(false);
    expect(isSummaryRow(['', 'POL1', '', '12'], [1])).toBe(false);
    expect(isSummaryRow(['', '', 'note', '12'], [0, 1])).toBe(false);
    expect(isSummaryRow(['', '', '', '12'], [])).toBe(false);
  });
});
