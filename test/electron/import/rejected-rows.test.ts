// The rejected rows of a bulk import come back as the file has them, to fix in the source sheet
// and import again: export → edit → import sends only those rows.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { writeRejectedRows } from '@main/import/batch-csv';
import { checkImport } from '@main/import/batch-check';
import { queueImport } from '@main/import/batch-queue';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { EXPORTED_CSV } from '@test/support/csv-export';
import { storedReference } from '@test/support/import-files';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A partner's file: its own headings and order, a Notes column that is not imported. */
const HEADER = ['Notes', 'Policy No', 'Cust Ref', 'Acct Code', 'Last Name', 'Post Code', 'Total Value (£)'];
const ROWS = [
  ['first', 'FP-RJ-1', 'RJ-1', 'ACME01', 'Smith', 'LS1 4AP', '100'],
  ['call after 5', 'FP-RJ-2', 'RJ-2', 'ACME01', 'Jones', 'NOPE', '200'],
  ['', 'FP-RJ-3', 'RJ-3', 'ACME01', 'Brown', 'M1 1AE', '300'],
  ['gate code 12', 'FP-RJ-4', 'RJ-4', 'ACME01', '', 'M1 1AE', '400'],
];

const csvOf = (rows: string[][]) => stringify(rows);

describe('rejected rows', () => {
  it('are written with the file’s headings, every column and a Problem column; fixed and imported again, only they are sent', async () => {
    rig = await startCoreRig();
    const dir = tempHome();
    const source = join(dir, 'partner.csv');
    writeFileSync(source, csvOf([HEADER, ...ROWS]));
    const req = { path: source, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' as const };
    expect(await checkImport(rig.core, req)).toMatchObject({ rows: 4, valid: 2, invalid: 2, missing: [] });
    await queueImport(rig.core, req);
    await rig.core.outbox.drain();
    const sentFirst = rig.sandbox.records.map(storedReference);
    expect(sentFirst).toEqual(['RJ-1', 'RJ-3']);

    let text = '';
    expect(await writeRejectedRows(rig.core, req, (t) => (text += t))).toBe(2);
    const lines = parse(text, EXPORTED_CSV) as string[][];
    expect(lines[0]).toEqual([...HEADER, 'Problem']);
    expect(lines.slice(1)).toEqual([
      [...ROWS[1]!, 'Row 3: Postcode: Enter a UK postcode such as SW1A 1AA'],
      [...ROWS[3]!, 'Row 5: Surname: Enter the surname'],
    ]);

    // The clerk fixes the two rows in a spreadsheet and imports the file as it is.
    const fixed = lines.map((l) => [...l]);
    fixed[1]![HEADER.indexOf('Post Code')] = 'LS2 7EW';
    fixed[2]![HEADER.indexOf('Last Name')] = 'Green';
    const again = join(dir, 'partner-rejected-rows.csv');
    writeFileSync(again, '\uFEFF' + text.split('\r\n')[0]!.replace(/^\uFEFF/, '') + '\r\n' + csvOf(fixed));
    const req2 = { ...req, path: again };
    const check = await checkImport(rig.core, req2);
    expect(check).toMatchObject({ rows: 2, valid: 2, invalid: 0, missing: [], duplicateCount: 0 });
    expect(check.mapping.at(-1)).toBeNull(); // the Problem column is not imported
    await queueImport(rig.core, req2);
    await rig.core.outbox.drain();
    const stored = rig.sandbox.records.slice(sentFirst.length);
    expect(stored.map((r) => Object.fromEntries(r.parts))).toEqual([
      expect.objectContaining({ reference: 'RJ-2', postcode: 'LS2 7EW', surname: 'Jones', total_value: '200.00' }),
      expect.objectContaining({ reference: 'RJ-4', postcode: 'M1 1AE', surname: 'Green', total_value: '400.00' }),
    ]);

    // Exported again, the file's own Problem column is used, not a second one.
    let second = '';
    const broken = join(dir, 'broken-again.csv');
    writeFileSync(broken, csvOf([lines[0]!, [...ROWS[1]!, 'Row 3: old words']]));
    await writeRejectedRows(rig.core, { ...req, path: broken }, (t) => (second += t));
    expect(parse(second, EXPORTED_CSV)).toEqual([
      [...HEADER, 'Problem'],
      [...ROWS[1]!, 'Row 2: Postcode: Enter a UK postcode such as SW1A 1AA'],
    ]);
  });
});
