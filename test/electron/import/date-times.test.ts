// A CRM's "Close Date" holds a date with a time of day: the date is read in the order chosen for the
// file (ISO dates in any order), the time is left out, and the check says the times are not sent.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { readEntries, type ReadEntry } from '@main/import/entries';
import { dateOfDateTime, dateOfSerial, onlyFormat } from '@shared/import/changes';
import type { EntryRules } from '@shared/entry/schema';

const dir = mkdtempSync(join(tmpdir(), 'feed-desk-date-times-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const rules: EntryRules = { fieldRules: {}, postcodeCheck: true };

describe('dates with a time of day', () => {
  it('reads the date of ISO and spreadsheet date-times, and nothing else', () => {
    expect(dateOfDateTime('2026-11-01 10:00')).toBe('2026-11-01');
    expect(dateOfDateTime('2026-11-01T10:00:00Z')).toBe('2026-11-01');
    expect(dateOfDateTime('2026-11-01T10:00:00.123+01:00')).toBe('2026-11-01');
    expect(dateOfDateTime('01/11/2026 10:00 AM')).toBe('01/11/2026');
    expect(dateOfDateTime('1.11.2026 9:05:33')).toBe('1.11.2026');
    for (const other of ['2026-11-01', '10:00', 'next Tuesday 10:00', '2026-11-01 soon', '2026-11-01 10'])
      expect(dateOfDateTime(other), other).toBeUndefined();
  });

  it('a column of date-times under "Close Date" imports its dates, in the order chosen for the file', async () => {
    const path = join(dir, 'crm.csv');
    const rows = [
      ['Account code', 'Reference', 'Surname', 'Postcode', 'Policy', 'Total value', 'Close Date'],
      ['ACME01', 'R1', 'Smith', 'LS1 4AP', 'P1', '10', '2026-11-01 10:00'],
      ['ACME01', 'R2', 'Jones', 'LS1 4AP', 'P2', '10', '2026-11-02T09:30:00Z'],
      ['ACME01', 'R3', 'Oduya', 'LS1 4AP', 'P3', '10', '03/11/2026 17:45'],
    ];
    writeFileSync(path, stringify(rows));
    const read = await readEntries(path, {
      rules,
      dateOrder: 'DD/MM/YYYY',
      given: { closedate: 'purchase_date' },
    });
    expect(read.mapping[6]).toBe('purchase_date');
    const all: ReadEntry[] = [];
    for await (const e of read.entries) all.push(e);
    expect(all.map((e) => (e.ok ? e.entry.purchase_date : e.fields))).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    // what the file holds is kept as the file holds it (the check lists the column's times as not sent)
    expect(all.map((e) => e.file.purchase_date)).toEqual([
      '2026-11-01 10:00',
      '2026-11-02T09:30:00Z',
      '03/11/2026 17:45',
    ]);
  });
});

describe("spreadsheets' day numbers", () => {
  it('reads five-digit day numbers (with or without a time) as their dates, and no other number', () => {
    expect(dateOfSerial('46357')).toBe('2026-12-01');
    expect(dateOfSerial(' 46358.5 ')).toBe('2026-12-02');
    expect(dateOfSerial('10000')).toBe('1927-05-18');
    expect(dateOfSerial('99999')).toBe('2173-10-13');
    expect(dateOfSerial('50000')).toBe('2036-11-21');
    for (const other of ['4635', '463570', '20261201', '01122026', '46357.', '-46357', '46,357', '2026-12-01', ''])
      expect(dateOfSerial(other), other).toBeUndefined();
  });

  it('a day number read as a date is listed as a change, a date written otherwise is only counted', () => {
    expect(onlyFormat('purchase_date', '46357', '2026-12-01')).toBe(false);
    expect(onlyFormat('purchase_date', '01/12/2026', '2026-12-01')).toBe(true);
  });
});

describe('a stray quote mark', () => {
  it('that swallows the next rows into one cell is reported with the lines it merged', async () => {
    const path = join(dir, 'stray.csv');
    writeFileSync(
      path,
      [
        'Account code,Reference,Surname,Postcode,Policy,Total value,Description',
        'ACME01,R1,Smith,LS1 4AP,P1,10,"Sofa, 3 seats',
        'ACME01,R2,Jones,LS1 4AP,P2,10,Chair',
        'ACME01,R3,Brown,LS1 4AP,P3,10,Table"',
        'ACME01,R4,Green,LS1 4AP,P4,10,"Bed\nwith drawers"',
      ].join('\n') + '\n',
    );
    const read = await readEntries(path, { rules, dateOrder: 'YYYY-MM-DD' });
    const all: ReadEntry[] = [];
    for await (const e of read.entries) all.push(e);
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      ok: false,
      line: 2,
      fields: {
        _: 'Lines 2–4 were read as one row: a quote mark on line 2 opens a cell that only closes on line 4. Check the quote marks there.',
      },
    });
    // a cell of two lines that are not rows is a description as keyed
    expect(all[1]).toMatchObject({ ok: true, entry: { reference: 'R4' } });
  });
});
