import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { openTable } from '@main/import/read-table';
import { TableReadError, hashFile, type OpenTableOptions, type TableRow } from '@main/import/table';

const dir = mkdtempSync(join(tmpdir(), 'feed-desk-read-table-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(content: string | Buffer, ext = 'csv'): string {
  const path = join(dir, `f${(files += 1)}.${ext}`);
  writeFileSync(path, content);
  return path;
}

async function read(path: string, options?: OpenTableOptions) {
  const { info, rows } = await openTable(path, options);
  const all: TableRow[] = [];
  for await (const row of rows) all.push(row);
  return { info, rows: all };
}

async function failure(path: string, options?: OpenTableOptions): Promise<TableReadError> {
  const error = await read(path, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TableReadError);
  return error as TableReadError;
}

/** The files this process holds open (Linux), to see that reading lets go of them. */
const openFiles = (): string[] =>
  readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith('/'))
    .sort();

describe('openTable: CSV', () => {
  it('reads UTF-8 with a BOM, leaving the BOM out of the first heading', async () => {
    const { info, rows } = await read(file('\uFEFFReference,Surname\r\nR1,Zoë\r\n'));
    expect(info).toEqual({
      kind: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      header: ['Reference', 'Surname'],
      headerRow: 1,
      titleRows: 0,
    });
    expect(rows).toEqual([{ row: 2, line: 2, cells: ['R1', 'Zoë'] }]);
  });

  it('reads UTF-8 without a BOM when a character is cut at the end of the first 64 KiB', async () => {
    const head = 'Reference,Surname\nR1,';
    const path = file(`${head}${'a'.repeat(64 * 1024 - 1 - head.length)}ë\nR2,Zoë\n`);
    expect(readFileSync(path)[64 * 1024 - 1]).toBe(0xc3);
    const { info, rows } = await read(path);
    expect(info.encoding).toBe('utf-8');
    expect(rows.map((r) => r.cells[1]?.slice(-1))).toEqual(['ë', 'ë']);
  });

  it('reads Windows-1252 when the start is not UTF-8', async () => {
    const bytes = Buffer.from('Reference;Surname;Premium\r\nR1;Zo\xeb;\xa312\r\n', 'latin1');
    expect(bytes.includes(0xeb) && bytes.includes(0xa3)).toBe(true);
    const { info, rows } = await read(file(bytes));
    expect(info).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(rows[0]?.cells).toEqual(['R1', 'Zoë', '£12']);
  });

  it('reads the encoding a person chose over the guess', async () => {
    const { info, rows } = await read(file('Surname\nZoë\n'), { encoding: 'windows-1252' });
    expect(info.encoding).toBe('windows-1252');
    expect(rows[0]?.cells).toEqual(['ZoÃ«']);
  });

  it('refuses a file that stops being UTF-8 after its start, naming the line, rather than guess', async () => {
    const path = file(
      Buffer.concat([Buffer.from('Surname\n' + 'Smith\n'.repeat(20_000)), Buffer.from([0x5a, 0xeb, 0x0a])]),
    );
    const error = await failure(path);
    expect(error.message).toMatch(/^Line 20002 holds characters that are not UTF-8 text\./);
    expect(error.line).toBe(20_002);
  });

  it('finds semicolons and tabs as delimiters, not counting those inside quotes', async () => {
    const semicolons = await read(file('"Surname, first";Value;Town\nSmith;1,5;Leeds\n'));
    expect(semicolons.info.delimiter).toBe(';');
    expect(semicolons.info.header).toEqual(['Surname, first', 'Value', 'Town']);
    expect(semicolons.rows[0]?.cells).toEqual(['Smith', '1,5', 'Leeds']);

    const tabs = await read(file('Reference\tSurname\tNotes\nR1\tSmith\ta, b; c\n'));
    expect(tabs.info.delimiter).toBe('\t');
    expect(tabs.rows[0]?.cells).toEqual(['R1', 'Smith', 'a, b; c']);

    expect((await read(file('Surname\nSmith\n'))).info.delimiter).toBe(',');
  });

  it('numbers rows as a spreadsheet shows them and lines as the file has them', async () => {
    const csv = ['Reference,Description', 'R1,"two\r\nlines"', '', 'R2,"three', 'more', 'lines"', ',', 'R3,last'].join(
      '\r\n',
    );
    const { rows } = await read(file(csv));
    expect(rows).toEqual([
      { row: 2, line: 2, cells: ['R1', 'two\r\nlines'] },
      { row: 4, line: 5, cells: ['R2', 'three\r\nmore\r\nlines'] },
      { row: 6, line: 9, cells: ['R3', 'last'] },
    ]);
  });

  it('keeps cells as they are and gives short and long rows as they are', async () => {
    const { rows } = await read(file('a,b,c\n  R1 ,x,y\nR2\nR3,1,2,3,4\n'));
    expect(rows.map((r) => r.cells)).toEqual([['  R1 ', 'x', 'y'], ['R2'], ['R3', '1', '2', '3', '4']]);
  });

  it('allows blank and repeated headings', async () => {
    expect((await read(file('Notes,,Notes\n1,2,3\n'))).info.header).toEqual(['Notes', '', 'Notes']);
  });

  it('gives no rows for a file holding only a header', async () => {
    const { info, rows } = await read(file('Reference,Surname\r\n'));
    expect(info.header).toEqual(['Reference', 'Surname']);
    expect(rows).toEqual([]);
  });

  it('says an empty file is empty', async () => {
    for (const content of ['', '\uFEFF', '\uFEFF\r\n  \r\n', ',,\n']) {
      expect((await failure(file(content))).message).toBe('The file is empty.');
    }
  });

  it('refuses binary files', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    random[300] = 0;
    const error = await failure(file(random));
    expect(error.message).toMatch(/^This is not a CSV or \.xlsx file \(line \d+ holds binary data\)\.$/);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect((await failure(file(png))).message).toBe('This is not a CSV or .xlsx file (line 1 holds binary data).');
  });

  it('names the line of a quoted field that is not closed, in plain words', async () => {
    const error = await failure(file('Reference,Description\nR1,fine\nR2,"not closed\nR3,more\nR4,end\n'));
    expect(error.message).toBe('Line 3: a quoted field is not closed.');
    expect(error.line).toBe(3);
    expect(error.message).not.toMatch(/Quote Not Closed|CSV_/);
  });

  it('says when the file is missing', async () => {
    expect((await failure(join(dir, 'missing.csv'))).message).toMatch(/^The file cannot be found\./);
  });
});

/** A workbook written with exceljs's streaming writer: a notes sheet first, then the entries. */
async function workbook(path: string): Promise<string> {
  const out = createWriteStream(path);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const notes = book.addWorksheet('Notes');
  notes.addRow(['Read me first']).commit();
  notes.commit();
  const sheet = book.addWorksheet('Entries');
  sheet.addRow(['Reference', 'Surname', 'Total value', 'Purchase date', 'Seats']).commit();
  sheet.addRow(['R1', 'Zoë', 1299.5, new Date(Date.UTC(2026, 10, 2)), 3]).commit();
  sheet.addRow(['', ' ']).commit(); // looks empty
  const third = sheet.getRow(4);
  third.values = [
    'R2',
    { richText: [{ text: 'Smi' }, { text: 'th', font: { bold: true } }] },
    { formula: 'C2*2', result: 2599 },
    '',
    true,
  ];
  third.commit();
  for (let i = 0; i < 10; i += 1) sheet.addRow([`X${i}`]).commit();
  sheet.commit();
  await book.commit();
  if (!out.closed) await once(out, 'close');
  return path;
}

describe('openTable: xlsx', () => {
  it('reads the first sheet by default and lists the sheets', async () => {
    const { info, rows } = await read(await workbook(join(dir, 'book1.xlsx')));
    expect(info).toEqual({
      kind: 'xlsx',
      sheets: ['Notes', 'Entries'],
      sheet: 'Notes',
      header: ['Read me first'],
      headerRow: 1,
      titleRows: 0,
    });
    expect(rows).toEqual([]);
  });

  it('reads a sheet chosen by name: text, numbers, dates, rich text, formulas; empty rows skipped', async () => {
    const { info, rows } = await read(await workbook(join(dir, 'book2.xlsx')), { sheet: 'Entries' });
    expect(info.sheet).toBe('Entries');
    expect(info.header).toEqual(['Reference', 'Surname', 'Total value', 'Purchase date', 'Seats']);
    expect(rows.slice(0, 2)).toEqual([
      { row: 2, line: 2, cells: ['R1', 'Zoë', '1299.5', '2026-11-02', '3'] },
      { row: 4, line: 4, cells: ['R2', 'Smith', '2599', '', 'TRUE'] },
    ]);
    expect(rows).toHaveLength(12);
    expect(rows.at(-1)?.row).toBe(14);
  });

  it('names the sheets there are when the chosen one is missing', async () => {
    const error = await failure(await workbook(join(dir, 'book3.xlsx')), { sheet: 'Policies' });
    expect(error.message).toBe('This workbook has no sheet named "Policies". Its sheets are: "Notes", "Entries".');
  });

  it('tells a workbook from CSV by content, not by name', async () => {
    const book = await workbook(join(dir, 'book4.xlsx'));
    const named = file(readFileSync(book), 'csv');
    expect((await read(named)).info.kind).toBe('xlsx');
    expect((await read(file('Surname\nSmith\n', 'xlsx'))).info.kind).toBe('csv');
  });

  it('says a damaged workbook is damaged', async () => {
    const bytes = readFileSync(await workbook(join(dir, 'book5.xlsx')));
    const error = await failure(file(bytes.subarray(0, bytes.length / 2), 'xlsx'));
    expect(error.message).toBe('This .xlsx file is damaged and cannot be read.');
  });
});

describe('openTable: xlsx that would not fit in memory', () => {
  it('refuses a workbook whose part unpacks far beyond its packed size (one 5-million-character cell), before reading it', async () => {
    const path = join(dir, 'bomb.xlsx');
    const out = createWriteStream(path);
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
    const sheet = book.addWorksheet('Entries');
    sheet.addRow(['Reference', 'Surname']).commit();
    sheet.addRow(['R1', 'x'.repeat(5_000_000)]).commit();
    sheet.commit();
    await book.commit();
    if (!out.closed) await once(out, 'close');
    const error = await failure(path);
    expect(error.message).toMatch(
      /^This \.xlsx file is too large to import \(its part xl\/sharedStrings\.xml unpacks to 5 MB\)/,
    );
  });
});

describe.skipIf(process.platform !== 'linux')('letting go of files', () => {
  it('closes a CSV file when the reading is abandoned after 3 rows', async () => {
    const path = file('Reference\n' + 'R\n'.repeat(100_000));
    const before = openFiles();
    const opened = () => openFiles().filter((f) => !before.includes(f));
    const { rows } = await openTable(path);
    expect(opened()).toEqual([]);
    let seen = 0;
    for await (const row of rows) {
      expect(row.cells).toEqual(['R']);
      if (seen === 0) expect(opened()).toEqual([path]);
      if ((seen += 1) === 3) break;
    }
    expect(seen).toBe(3);
    expect(opened()).toEqual([]);
  });

  it('closes a workbook and its temporary files when the reading is abandoned', async () => {
    const path = await workbook(join(dir, 'book6.xlsx'));
    const before = openFiles();
    const opened = () => openFiles().filter((f) => !before.includes(f));
    const { rows } = await openTable(path, { sheet: 'Entries' });
    let seen = 0;
    let during: string[] = [];
    for await (const row of rows) {
      expect(row.cells.length).toBeGreaterThan(0);
      if (seen === 0) during = opened();
      if ((seen += 1) === 3) break;
    }
    expect(seen).toBe(3);
    expect(during.length).toBeGreaterThan(0);
    expect(opened()).toEqual([]);
  });
});

describe('large files', () => {
  it('streams a 50 MB CSV with bounded memory', { timeout: 120_000 }, async () => {
    const rowsWanted = 200_000;
    const path = join(dir, 'large.csv');
    const out = createWriteStream(path);
    out.write('account_code,reference,surname,postcode,policy,description,total_value,purchase_date\n');
    for (let i = 0; i < rowsWanted; i += 1) {
      const description = `"Three-seat sofa, ${'grey '.repeat(35)}"`;
      const line = `ACME01,REF-${i},Smith${i % 997},LS1 4AP,FURN-PLUS,${description},1299.50,2026-11-02\n`;
      if (!out.write(line)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
    expect(statSync(path).size).toBeGreaterThan(50_000_000);

    // RSS after a full collection: what the reading holds on to, not garbage the collector has yet to reach.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const rss = () => (gc(), process.memoryUsage().rss);
    const { rows } = await openTable(path);
    const start = rss();
    let peak = start;
    let count = 0;
    for await (const row of rows) {
      count += 1;
      if (count % 10_000 === 0) peak = Math.max(peak, rss());
      if (count === 1) expect(row.cells).toHaveLength(8);
    }
    expect(count).toBe(rowsWanted);
    expect(peak - start).toBeLessThan(40 * 1024 * 1024);
  });
});

describe('hashFile', () => {
  it('gives the sha256 of the bytes', async () => {
    const bytes = Buffer.from('Reference\nR1\n'.repeat(10_000));
    const path = file(bytes);
    expect(await hashFile(path)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await hashFile(file(Buffer.concat([bytes, Buffer.from('x')])))).not.toBe(await hashFile(path));
  });
});
