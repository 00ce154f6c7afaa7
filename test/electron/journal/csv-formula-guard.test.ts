import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { parseEntry } from '@shared/entry/schema';
import { csvText, guardCell, writeJournalCsv } from '@main/journal/csv-export';
import { payloadHash } from '@main/journal/payload-hash';
import { writeBatchResults, writeRejectedRows } from '@main/import/batch-csv';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';
import { describeEachStore } from '@test/support/stores';
import { EXPORTED_CSV } from '@test/support/csv-export';

// An address that a spreadsheet splitting on `;` (or on tab) reads as a formula after the separator.
const ADDRESSES = [`Flat 1;=cmd|' /C calc'!A0`, `Flat 1\t=cmd|' /C calc'!A0`];
const GUARDED = [`Flat 1;'=cmd|' /C calc'!A0`, `Flat 1\t'=cmd|' /C calc'!A0`];

it("writes CSV text exactly as csv-stringify does with the options of the app's other CSVs", () => {
  const cells = [
    '',
    'plain',
    'a,b',
    'say "hi"',
    'two\r\nlines',
    'line\nfeed',
    'cr\r',
    '"',
    ',',
    ' lead',
    'Zoë — £',
    "'=1",
  ];
  const rows = [cells, [...cells].reverse(), ['only']];
  const expected = stringify(rows, { record_delimiter: 'windows', quoted_match: /[",\r\n]/ });
  expect(csvText(rows)).toBe(expected);
  expect(parse(csvText(rows), { relax_column_count: true })).toEqual(rows);
});

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/**
 * The cells a spreadsheet that splits every line on `;` (or tab), whatever the quoting, makes of
 * a CSV, that it would read as a formula: those starting (after spaces or a quote) with = or @, or
 * with + or - and holding more than a number.
 */
function formulaPieces(csv: string): string[] {
  const lines = csv.split(/\r\n|\r|\n/);
  return [';', '\t']
    .flatMap((sep) => lines.flatMap((line) => line.split(sep)))
    .filter((p) => /^[\s"]*[=@]/.test(p) || (/^[\s"]*[+-]/.test(p) && !/^[\s"]*[+-][\d .,()"]*$/.test(p)));
}

/** Writes a CSV through one of the app's writers and returns its text. */
async function written(write: (out: (text: string) => void) => Promise<number>): Promise<string> {
  let csv = '';
  await write((text) => (csv += text));
  return csv;
}

it('guards a formula trigger at the start of the value and after every ; tab or line break, as before at the start', () => {
  expect(ADDRESSES.map(guardCell)).toEqual(GUARDED);
  // A number or a telephone number is a value a spreadsheet shows as it is: no apostrophe.
  expect(guardCell('-12.50')).toBe('-12.50');
  expect(guardCell('-29.99')).toBe('-29.99');
  expect(guardCell('+44 7700 900000')).toBe('+44 7700 900000');
  expect(guardCell('(0113) 496 0000')).toBe('(0113) 496 0000');
  expect(guardCell('12.50')).toBe('12.50');
  // + or - before anything more than a number still starts a formula
  expect(guardCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
  expect(guardCell('+A1')).toBe("'+A1");
  expect(guardCell('- 1; +SUM(A1)')).toBe("- 1;' +SUM(A1)");
  expect(guardCell('=A1')).toBe("'=A1");
  expect(guardCell('\t=A1')).toBe("'\t'=A1");
  expect(guardCell('a\t\t@b')).toBe("a\t\t'@b");
  expect(guardCell('one\r\n-two')).toBe("one\r\n'-two");
  expect(guardCell('x; "=y')).toBe(`x;' "=y`);
  expect(guardCell('postcode: bad; surname: missing')).toBe('postcode: bad; surname: missing');
});

describeEachStore('every CSV the app writes, read by a spreadsheet that splits on ; or tab', (store) => {
  it('the Journal CSV: no piece of an address starts a formula', async () => {
    rig = await startCoreRig({ store });
    for (const [i, address1] of ADDRESSES.entries()) {
      const payload = { ...sampleInput({ reference: `SEMI-${i}` }), address1 } as Record<string, string>;
      const queued = await rig.core.journal.queue(
        { kind: 'entry', profile: 'Sandbox', operator: 'x', payload, payloadHash: JSON.stringify(payload) },
        true,
      );
      expect(queued.row).toBeDefined();
    }
    const csv = await written((out) => writeJournalCsv(rig!.core.journal, { sort: 'id', direction: 'asc' }, out));
    expect(formulaPieces(csv)).toEqual([]);
    const records = parse(csv, { ...EXPORTED_CSV, columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => r.address1)).toEqual(GUARDED);
  });

  it('the batch results CSV: no piece of a surname starts a formula', async () => {
    rig = await startCoreRig({ store });
    const r = rig;
    const batch = await r.core.journal.batches.open({
      profile: 'Sandbox',
      fileName: 'entries.csv',
      contentHash: 'semicolon',
      fileRows: 2,
    });
    const items = ADDRESSES.map((surname, i) => {
      const parsed = parseEntry(sampleInput({ reference: `SEMI-${i}` }), r.core.profiles.get('Sandbox')!);
      if (!parsed.ok) throw new Error('sample not valid');
      // Straight into the journal: a tab would not pass the form's checks, but a journal row may hold one.
      const payload = { ...parsed.entry, surname, address1: surname };
      const submission = {
        kind: 'entry' as const,
        profile: 'Sandbox',
        operator: r.core.journal.location.user,
        payload,
        payloadHash: payloadHash('entry', payload),
      };
      return { row: i + 2, allowDuplicate: false, submission };
    });
    await r.core.journal.batches.queue(batch.id, items);
    const csv = await written((out) => writeBatchResults(r.core, batch.id, out));
    expect(formulaPieces(csv)).toEqual([]);
    const [head, ...lines] = parse(csv, EXPORTED_CSV) as string[][];
    expect(lines.map((l) => l[head!.indexOf('surname')])).toEqual(GUARDED);
  });

  it('the rejected-rows CSV: no piece of an address starts a formula', async () => {
    rig = await startCoreRig({ store });
    const rows = ADDRESSES.map((address1, i) =>
      sampleInput({ reference: `SEMI-${i}`, address1, postcode: 'NOT A POSTCODE', total_value: '-12.50' }),
    );
    const header = Object.keys(rows[0]!);
    const path = join(tempHome(), 'semicolon.csv');
    writeFileSync(path, stringify([header, ...rows.map((row) => header.map((h) => String(row[h])))]));
    const req = { path, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' as const };
    const csv = await written((out) => writeRejectedRows(rig!.core, req, out));
    expect(formulaPieces(csv)).toEqual([]);
    const [head, ...lines] = parse(csv, EXPORTED_CSV) as string[][];
    expect(lines.map((l) => l[head!.indexOf('address1')])).toEqual(GUARDED);
    expect(lines.map((l) => l[head!.indexOf('total_value')])).toEqual(['-12.50', '-12.50']);
  });
});
