import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  absentGivenHeadings,
  columnOption,
  givenMapping,
  mappingLines,
  readColumnsFile,
} from '../../../electron/cli/column-options';
import { matchHeadings } from '@shared/import/columns';

const dir = mkdtempSync(join(tmpdir(), 'feed-desk-columns-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('--column and --columns', () => {
  it('reads HEADING=FIELD at the last "=", a field by name or label, and - or nothing for not imported', () => {
    let given = columnOption('Policy No=policy');
    given = columnOption('A=B=Total seats', given);
    given = columnOption('Notes=-', given);
    given = columnOption('Fax=', given);
    expect(given.map((g) => [g.heading, g.field])).toEqual([
      ['Policy No', 'policy'],
      ['A=B', 'total_seats'],
      ['Notes', null],
      ['Fax', null],
    ]);
  });

  it('refuses a value without a heading, and a field that does not exist, naming it', () => {
    expect(() => columnOption('policy')).toThrow('--column takes HEADING=FIELD');
    expect(() => columnOption('=policy')).toThrow('--column takes HEADING=FIELD');
    expect(() => columnOption('Policy No=polcy')).toThrow(
      '--column: "polcy" (for the column "Policy No") names no field',
    );
  });

  it('reads a JSON map and a CSV map (with or without its heading row) alike', () => {
    const json = write('map.json', '{"Policy No": "policy", "Notes": null, "Date": "Purchase date"}');
    const csv = write('map.csv', '\uFEFFheading,field\nPolicy No,policy\nNotes,\n"Date",purchase_date\n');
    const bare = write('bare.csv', 'Policy No,policy\nNotes,-\nDate,Purchase date\n');
    const want = [
      ['Policy No', 'policy'],
      ['Notes', null],
      ['Date', 'purchase_date'],
    ];
    for (const path of [json, csv, bare]) expect(readColumnsFile(path).map((g) => [g.heading, g.field])).toEqual(want);
  });

  it('refuses a map file it cannot read or use, naming the file', () => {
    expect(() => readColumnsFile(join(dir, 'none.json'))).toThrow(/--columns: cannot read .*none\.json/);
    expect(() => readColumnsFile(write('bad.json', '{"a": '))).toThrow(/bad\.json is not JSON/);
    expect(() => readColumnsFile(write('list.json', '{"a": 3}'))).toThrow('the field for "a" is not text');
    expect(() => readColumnsFile(write('wrong.csv', 'Seats,seets\n'))).toThrow('"seets" (for the column "Seats")');
  });

  it('keys the choices as headings are matched, --column over the file, and refuses a field given twice', () => {
    const fromFile = readColumnsFile(write('m.json', '{"Policy No": "reference", "Seats": "total_seats"}'));
    const given = givenMapping([...fromFile, ...columnOption('policy  no=policy')]);
    expect(given).toEqual({ policyno: 'policy', seats: 'total_seats' });
    expect(() => givenMapping([...columnOption('A=policy'), ...columnOption('B=policy')])).toThrow(
      'policy is given to two columns, "A" and "B"',
    );
  });

  it('refuses a heading typed with --column that the file does not have, listing the headings it has', () => {
    const given = columnOption('Fone=telephone');
    expect(() => absentGivenHeadings(given, ['Phone', 'Name'], 'f.csv')).toThrow(
      'f.csv has no column headed "Fone" (--column); its headings: "Phone", "Name"',
    );
    expect(absentGivenHeadings(columnOption('phone=telephone'), ['Phone'], 'f.csv')).toEqual([]);
  });

  it('says, without refusing, a heading of a --columns file that the partner has dropped', () => {
    const kept = [{ heading: 'Fax', field: 'telephone' as const, from: '--columns partner.json' }];
    expect(absentGivenHeadings(kept, ['Phone', 'Name'], 'f.csv')).toEqual([
      'f.csv has no column headed "Fax" (--columns partner.json): that choice is not used for this file',
    ]);
  });
});

describe('mapping lines', () => {
  it('name each column by letter and heading, with its field and how it was found', () => {
    const header = [
      'Acct Code',
      'ACCOUNT_CODE',
      'Premium Amount',
      'Date',
      'Notes',
      'Policy No',
      'Ref',
      'Mobile',
      'Surname',
    ];
    const matches = matchHeadings(header, { ref: null, surname: 'surname' }, { policyno: 'policy', mobile: null });
    expect(mappingLines(header, matches)).toEqual([
      'column A "Acct Code" → not imported (account_code comes from column B)',
      'column B "ACCOUNT_CODE" → account_code (by name)',
      'column C "Premium Amount" → policy_premium (guess: check it)',
      'column D "Date" → not imported (could be purchase_date or delivery_date: choose with --column)',
      'column E "Notes" → not imported',
      'column F "Policy No" → policy (given)',
      'column G "Ref" → not imported (remembered)',
      'column H "Mobile" → not imported (given)',
      'column I "Surname" → surname (remembered)',
    ]);
  });
});
