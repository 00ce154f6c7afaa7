import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import { PERSONAL_FIELDS, isPersonalField, personalDataNotice } from '@shared/journal/personal-fields';
import { writeJournalCsv } from '@main/journal/csv-export';
import { writeBatchResults, writeRejectedRows } from '@main/import/batch-csv';
import { checkImport } from '@main/import/batch-check';
import { openTable } from '@main/import/read-table';
import { parseEntry } from '@shared/entry/schema';
import { payloadHash } from '@main/journal/payload-hash';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';
import { EXPORTED_CSV } from '@test/support/csv-export';

/** A customer no other test uses: none of these may be in an export without personal details. */
const SENTINEL = {
  title: 'Dr',
  initials: 'QX',
  surname: 'Zwyndlethorpe',
  address1: '=cmd|calc',
  address2: 'Quillon Yard',
  town: 'Vexmoor',
  county: 'Xandershire',
  postcode: 'ZZ9 9ZZ',
  email: 'q.zwyndlethorpe@example.org',
  telephone: '07700 900461',
};
const NOTICE_ALL =
  '# Contains personal data of customers (names / addresses / e-mail / telephone): keep it as your data-protection rules say\r\n';
const BOM = '\uFEFF';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** Writes a CSV through one of the app's writers and returns its text. */
async function written(write: (out: (text: string) => void) => Promise<number>): Promise<string> {
  let csv = '';
  await write((text) => (csv += text));
  return csv;
}

/** A journal row straight into the journal: every entry field, blanks as empty text (as the pipeline stores them). */
async function put(r: CoreRig, reference: string, values: Record<string, string> = {}): Promise<number> {
  const payload = {
    ...Object.fromEntries(ENTRY_FIELDS.map((f) => [f, ''])),
    account_code: 'ACME01',
    reference,
    policy: 'FURN-PLUS',
    description: '=1+1',
    ...values,
  };
  const queued = await r.core.journal.queue(
    { kind: 'entry', profile: 'Sandbox', operator: 'clerk', payload, payloadHash: `h-${reference}` },
    true,
  );
  expect(queued.row).toBeDefined();
  return queued.row!.id;
}

const ASC = { sort: 'id', direction: 'asc' } as const;

describe('the notice text', () => {
  it('is one cell in a spreadsheet whatever it splits on, and names the kinds of data present', () => {
    const notice = personalDataNotice(PERSONAL_FIELDS);
    expect(notice).toBe(NOTICE_ALL.slice(2, -2));
    expect(notice).not.toMatch(/[,;\t"\r\n]/);
    expect(personalDataNotice(['surname'])).toBe(
      'Contains personal data of customers (names): keep it as your data-protection rules say',
    );
  });
});

describe('exports say what they hold (issue 22, part 5)', () => {
  it('the Journal CSV starts with the notice when a row holds a personal value, even past the first page; cells stay guarded', async () => {
    rig = await startCoreRig();
    // 600 rows whose personal details are gone (as after erasure), then one with them: the notice still comes first.
    for (let i = 0; i < 600; i += 1) await put(rig, `BLANK-${i}`);
    await put(rig, 'PERSONAL-1', SENTINEL);
    const csv = await written((out) => writeJournalCsv(rig!.core.journal, ASC, out));
    expect(csv.startsWith(BOM + NOTICE_ALL + 'id,kind,state,recordid,')).toBe(true);
    const records = parse(csv, { ...EXPORTED_CSV, columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(601);
    expect(records.map((r) => r.reference).slice(0, 2)).toEqual(['BLANK-0', 'BLANK-1']);
    expect(records.at(-1)).toMatchObject({
      reference: 'PERSONAL-1',
      surname: 'Zwyndlethorpe',
      address1: "'=cmd|calc",
      description: "'=1+1",
    });
    // A spreadsheet shows the notice alone in the first row's first cell.
    const [first] = parse(csv, { bom: true, relax_column_count: true }) as string[][];
    expect(first).toEqual([NOTICE_ALL.slice(0, -2)]);
  });

  it('the Journal CSV has no notice when no row holds a personal value (personal columns all empty)', async () => {
    rig = await startCoreRig();
    await put(rig, 'BLANK-1');
    await put(rig, 'BLANK-2', { surname: '   ' });
    const csv = await written((out) => writeJournalCsv(rig!.core.journal, ASC, out));
    expect(csv.startsWith(`${BOM}id,kind,state,`)).toBe(true);
    expect(csv).not.toContain('Contains personal data');
    expect(parse(csv, { bom: true, columns: true })).toHaveLength(2);
  });

  it('the Journal CSV without personal details: no personal column, no personal value, no notice; cells stay guarded', async () => {
    rig = await startCoreRig();
    const id = await put(rig, 'PERSONAL-1', SENTINEL);
    // A note that quotes the customer (in another case) is part of the row too.
    await rig.core.journal.discard(id, `${SENTINEL.surname.toUpperCase()} (${SENTINEL.email}) withdrew`);
    const csv = await written((out) => writeJournalCsv(rig!.core.journal, ASC, out, { personal: false }));
    for (const value of [SENTINEL.surname, SENTINEL.email])
      expect(csv.toLowerCase()).not.toContain(value.toLowerCase());
    expect(csv.startsWith(`${BOM}id,kind,state,`)).toBe(true);
    expect(csv).not.toContain('Contains personal data');
    for (const value of Object.values(SENTINEL)) expect(csv).not.toContain(value);
    const [header, row] = parse(csv, { bom: true }) as string[][];
    expect(header!.filter(isPersonalField)).toEqual([]);
    expect(header).toEqual(expect.arrayContaining(['reference', 'policy', 'total_value', 'cancellation_date']));
    expect(row![header!.indexOf('description')]).toBe("'=1+1");
    expect(row![header!.indexOf('reference')]).toBe('PERSONAL-1');
    expect(row![header!.indexOf('resolution_note')]).toBe('[removed] ([removed]) withdrew');
  });

  it('the batch results: the notice and the surname column, or neither without personal details', async () => {
    rig = await startCoreRig();
    const r = rig;
    const batch = await r.core.journal.batches.open({
      profile: 'Sandbox',
      fileName: 'entries.csv',
      contentHash: 'personal',
      fileRows: 2,
    });
    const items = ['=Zwyndlethorpe', 'Abbott'].map((surname, i) => {
      const parsed = parseEntry(sampleInput({ reference: `B-${i}`, surname }), r.core.profiles.get('Sandbox')!);
      if (!parsed.ok) throw new Error('sample not valid');
      const payload = parsed.entry as unknown as Record<string, string>;
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

    const withNames = await written((out) => writeBatchResults(r.core, batch.id, out));
    const notice = `# ${personalDataNotice(['surname'])}\r\n`;
    expect(withNames.startsWith(BOM + notice + '"row","state","recordid","message","reference","surname",')).toBe(true);
    const [head, ...lines] = parse(withNames, EXPORTED_CSV) as string[][];
    expect(lines.map((l) => l[head!.indexOf('surname')])).toEqual(["'=Zwyndlethorpe", 'Abbott']);

    const without = await written((out) => writeBatchResults(r.core, batch.id, out, { personal: false }));
    expect(
      without.startsWith(`${BOM}"row","state","recordid","message","reference","journal_id","duplicate_of"\r\n`),
    ).toBe(true);
    expect(without).not.toContain('Zwyndlethorpe');
    expect(without).not.toContain('Abbott');
    expect((parse(without, { bom: true }) as string[][]).slice(1).map((l) => l.slice(0, 2))).toEqual([
      ['2', 'queued'],
      ['3', 'queued'],
    ]);
  });
});

describe('Feed Desk reads its own exports again (the notice line is not the header)', () => {
  it('bulk import of a Journal CSV export: the header is found on line 2, every entry read and each a duplicate of its journal row', async () => {
    rig = await startCoreRig();
    const r = rig;
    const queued = await r.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'AGAIN-1', surname: 'Zwyndlethorpe' }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error('not queued');
    await r.core.pipeline.send(queued.row.id);
    const path = join(tempHome(), 'journal.csv');
    writeFileSync(path, await written((out) => writeJournalCsv(r.core.journal, ASC, out)));

    const { info } = await openTable(path);
    expect(info).toMatchObject({ kind: 'csv', delimiter: ',' });
    expect(info.header.slice(0, 3)).toEqual(['id', 'kind', 'state']);
    const check = await checkImport(r.core, { path, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' });
    expect(check).toMatchObject({ rows: 1, valid: 1, invalid: 0, missing: [], duplicateCount: 1 });
    expect(check.mapping[info.header.indexOf('surname')]).toBe('surname');
  });

  it('bulk import of the rejected rows, notice first, reads the row to fix', async () => {
    rig = await startCoreRig();
    const input = sampleInput({ reference: 'FIX-1', surname: 'Zwyndlethorpe', postcode: 'NOT A POSTCODE' });
    const header = Object.keys(input);
    const source = join(tempHome(), 'entries.csv');
    writeFileSync(source, stringify([header, header.map((h) => String(input[h]))]));
    const rejected = await written((out) =>
      writeRejectedRows(rig!.core, { path: source, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' }, out),
    );
    // The notice names the personal columns the file has; its own headings follow.
    const notice = `# ${personalDataNotice(['surname', 'postcode'])}\r\n`;
    expect(rejected.startsWith(BOM + notice + '"account_code","reference",')).toBe(true);
    const path = join(tempHome(), 'rejected.csv');
    writeFileSync(path, rejected);
    const check = await checkImport(rig.core, { path, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' });
    expect(check).toMatchObject({ rows: 1, valid: 0, invalid: 1, missing: [] });
    // The file's row 3 (the notice is row 1, the header row 2), as a spreadsheet numbers it.
    expect(check.problems).toEqual([expect.objectContaining({ row: 3, fields: { postcode: expect.any(String) } })]);
  });

  it('the notice saved again by a spreadsheet: quoted and padded with semicolons, or in a workbook cell', async () => {
    const dir = tempHome();
    const resaved = join(dir, 'resaved.csv');
    const notice = `# ${personalDataNotice(['surname'])}`;
    writeFileSync(resaved, `"${notice}";;\r\nreference;surname;policy\r\nR-1;Smith;P\r\n`);
    const csv = await openTable(resaved);
    expect(csv.info).toMatchObject({ delimiter: ';', header: ['reference', 'surname', 'policy'] });
    const rows = [];
    for await (const row of csv.rows) rows.push(row);
    expect(rows).toEqual([{ row: 3, line: 3, cells: ['R-1', 'Smith', 'P'] }]);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Journal');
    sheet.addRows([[notice], ['reference', 'surname'], ['R-1', 'Smith']]);
    const book = join(dir, 'resaved.xlsx');
    await workbook.xlsx.writeFile(book);
    const xlsx = await openTable(book);
    expect(xlsx.info.header).toEqual(['reference', 'surname']);
    const cells = [];
    for await (const row of xlsx.rows) cells.push([row.row, ...row.cells]);
    expect(cells).toEqual([[3, 'R-1', 'Smith']]);
  });
});
