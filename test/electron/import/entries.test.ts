import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { readEntries, type ReadEntriesOptions, type ReadEntry } from '@main/import/entries';
import type { EntryRules } from '@shared/entry/schema';
import { sampleInput } from '@test/support/service';

const dir = mkdtempSync(join(tmpdir(), 'feed-desk-entries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rules: EntryRules = { fieldRules: {}, postcodeCheck: true };
const HEADER = 'Account code,Reference,Surname,Postcode,Policy,Total value,Purchase date,Notes';

let files = 0;
function csv(...lines: string[]): string {
  const path = join(dir, `f${(files += 1)}.csv`);
  writeFileSync(path, [HEADER, ...lines].join('\r\n') + '\r\n');
  return path;
}

async function entries(path: string, options: Partial<ReadEntriesOptions> = {}) {
  const read = await readEntries(path, { rules, dateOrder: 'YYYY-MM-DD', ...options });
  const all: ReadEntry[] = [];
  for await (const entry of read.entries) all.push(entry);
  return { ...read, all };
}

describe('readEntries', () => {
  it('maps the columns by heading and gives normalised entries', async () => {
    const { mapping, all } = await entries(csv('ACME01,R1,Smith,ls1 4ap,FURN-PLUS,"1,299.5",2026-11-02,call first'));
    expect(mapping).toEqual([
      'account_code',
      'reference',
      'surname',
      'postcode',
      'policy',
      'total_value',
      'purchase_date',
      null,
    ]);
    expect(all).toHaveLength(1);
    const [first] = all;
    expect(first).toMatchObject({ row: 2, line: 2, ok: true });
    expect(first?.input).toEqual({
      account_code: 'ACME01',
      reference: 'R1',
      surname: 'Smith',
      postcode: 'ls1 4ap',
      policy: 'FURN-PLUS',
      total_value: '1,299.5',
      purchase_date: '2026-11-02',
    });
    if (!first?.ok) throw new Error('expected a valid entry');
    expect(first.entry).toMatchObject({ postcode: 'LS1 4AP', total_value: '1299.50', purchase_date: '2026-11-02' });
    expect(first.entry.email).toBe('');
  });

  it('gives each bad row its field messages and its row number', async () => {
    const path = csv(
      'ACME01,R1,Smith,LS1 4AP,FURN-PLUS,10,2026-11-02,',
      'ACME01,R2,Smith,12345,FURN-PLUS,10,2026-11-02,',
      '',
      'ACME01,R3,,LS1 4AP,FURN-PLUS,10,2026-11-02,',
    );
    const { all } = await entries(path);
    expect(all.map((e) => [e.row, e.ok])).toEqual([
      [2, true],
      [3, false],
      [5, false],
    ]);
    expect(all[1]).toMatchObject({ ok: false, fields: { postcode: expect.stringMatching(/UK postcode/) } });
    expect(all[2]).toMatchObject({ ok: false, line: 5, fields: { surname: 'Enter the surname' } });
    expect(Object.keys((all[2] as { fields: object }).fields)).toEqual(['surname']);
  });

  it('reads dates in the declared order, and YYYY-MM-DD always', async () => {
    const path = csv(
      'ACME01,R1,Smith,LS1 4AP,FURN-PLUS,10,02/11/2026,',
      'ACME01,R2,Smith,LS1 4AP,FURN-PLUS,10,2026-11-03,',
    );
    const declared = await entries(path, { dateOrder: 'DD/MM/YYYY' });
    expect(declared.all.map((e) => e.ok && e.entry.purchase_date)).toEqual(['2026-11-02', '2026-11-03']);

    const isoOnly = await entries(path, { dateOrder: 'YYYY-MM-DD' });
    expect(isoOnly.all.map((e) => e.ok)).toEqual([false, true]);
    expect(isoOnly.all[0]).toMatchObject({ fields: { purchase_date: expect.any(String) } });
  });

  it('refuses a row with more filled cells than the header, but not trailing empty cells', async () => {
    const path = csv(
      'ACME01,R1,Smith,LS1 4AP,FURN-PLUS,10,2026-11-02,,surplus,',
      'ACME01,R2,Smith,LS1 4AP,FURN-PLUS,10,,,, ,',
    );
    const { all } = await entries(path);
    expect(all[0]).toMatchObject({ ok: false, fields: { _: 'Row has 9 cells, the header has 8' } });
    expect(all[1]).toMatchObject({ ok: true });
  });

  it('uses a fix in place of the row it corrects', async () => {
    const path = csv(
      'ACME01,R1,Smith,12345,FURN-PLUS,10,2026-11-02,',
      'ACME01,R2,Smith,99999,FURN-PLUS,10,2026-11-02,x,y',
    );
    const fix = sampleInput({ reference: 'R1-FIXED', postcode: 'ls1 4ap' });
    const { all } = await entries(path, { fixes: new Map([[2, fix]]) });
    expect(all[0]).toMatchObject({
      row: 2,
      ok: true,
      input: fix,
      entry: { reference: 'R1-FIXED', postcode: 'LS1 4AP' },
    });
    expect(all[1]).toMatchObject({ row: 3, ok: false });
    expect((all[1] as { fields: object }).fields).toHaveProperty('postcode');
    expect((all[1] as { fields: object }).fields).toHaveProperty('_');
  });

  it('uses the mapping given, else the remembered choices', async () => {
    const path = csv('ACME01,R1,Smith,LS1 4AP,FURN-PLUS,10,2026-11-02,Oak');
    const given = await entries(path, {
      mapping: ['account_code', 'reference', 'surname', 'postcode', 'policy', null, null, 'description'],
    });
    expect(given.all[0]?.input).toEqual({
      account_code: 'ACME01',
      reference: 'R1',
      surname: 'Smith',
      postcode: 'LS1 4AP',
      policy: 'FURN-PLUS',
      description: 'Oak',
    });
    const remembered = await entries(path, { remembered: { notes: 'fabric', totalvalue: null } });
    expect(remembered.mapping.slice(5)).toEqual([null, 'purchase_date', 'fabric']);
    expect(remembered.all[0]).toMatchObject({ ok: true, entry: { fabric: 'Oak', total_value: '' } });
  });

  it('reads a workbook: numbers and date cells become valid entries', async () => {
    const path = join(dir, 'entries.xlsx');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: true });
    const sheet = book.addWorksheet('Entries');
    sheet.addRow(HEADER.split(',')).commit();
    sheet.addRow(['ACME01', 'R1', 'Smith', 'LS1 4AP', 'FURN-PLUS', 1299.5, new Date(Date.UTC(2026, 10, 2))]).commit();
    sheet.commit();
    await book.commit();
    const { info, all } = await entries(path, { dateOrder: 'DD/MM/YYYY' });
    expect(info.kind).toBe('xlsx');
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ row: 2, ok: true, entry: { total_value: '1299.50', purchase_date: '2026-11-02' } });
  });
});
