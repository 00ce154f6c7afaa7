import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import unzipper from 'unzipper';
import { openTable } from '@main/import/read-table';
import { TableReadError, type TableInfo } from '@main/import/table';
import { WORKBOOK_LIMITS, type WorkbookLimits } from '@main/import/read-xlsx';
import { paddedWorkbookParts, writeZip, type ZipPart } from '@test/support/import-files';

const dir = mkdtempSync(join(tmpdir(), 'feed-desk-read-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;
let files = 0;
const zip = (parts: ZipPart[], descriptors = false) =>
  writeZip(join(dir, `z${(files += 1)}.xlsx`), parts, { descriptors });
const refusal = (part: string, why: string) =>
  `This .xlsx file is too large to import (its part ${part} ${why}): save the sheet as CSV, or split it.`;

/** What reading a workbook came to: its header and rows, or the refusal; how long it took and how much RSS grew. */
interface Outcome {
  info?: TableInfo;
  cells?: string[][];
  error?: TableReadError;
  ms: number;
  grewBy: number;
}

/** Opens the workbook and reads every row, as an import does, sampling RSS every 2 ms meanwhile. */
async function readAll(path: string, limits?: WorkbookLimits): Promise<Outcome> {
  const started = performance.now();
  const rss = () => process.memoryUsage().rss;
  const before = rss();
  let peak = before;
  const sampling = setInterval(() => (peak = Math.max(peak, rss())), 2);
  const outcome: Omit<Outcome, 'ms' | 'grewBy'> = {};
  try {
    const { info, rows } = await openTable(path, { workbookLimits: limits });
    outcome.info = info;
    outcome.cells = [];
    for await (const row of rows) outcome.cells.push(row.cells);
  } catch (error) {
    expect(error).toBeInstanceOf(TableReadError);
    outcome.error = error as TableReadError;
  } finally {
    clearInterval(sampling);
  }
  return { ...outcome, ms: performance.now() - started, grewBy: Math.max(peak, rss()) - before };
}

describe('openTable: a workbook whose zip understates what it unpacks to', () => {
  it('refuses shared strings that unpack to 6 MB while the directory and headers say 1,000 bytes, in plain words, quickly and without holding them', async () => {
    for (const descriptors of [false, true]) {
      const path = zip(paddedWorkbookParts(6_000, 1_000, 1_000), descriptors);
      expect(statSync(path).size).toBeLessThan(30_000);
      const stated = (await unzipper.Open.file(path)).files.find((f) => f.path === 'xl/sharedStrings.xml');
      expect(stated?.uncompressedSize).toBe(1_000); // the lie the directory check believed

      const { error, ms, grewBy } = await readAll(path);
      // Packed 100 times tighter than spreadsheets are, past 1 MB: reading stopped there, not at 6 MB.
      expect(error?.message).toBe(refusal('xl/sharedStrings.xml', 'unpacks to more than 1 MB'));
      expect(ms).toBeLessThan(5_000);
      expect(grewBy).toBeLessThan(48 * MB);
    }
  });

  it('stops at the part limit, whatever the part (a drained docProps part of 6 MB said to be 1,000 bytes)', async () => {
    const limits = { ...WORKBOOK_LIMITS, partBytes: 2 * MB, ratio: 1e9 };
    const sharedStrings = await readAll(zip(paddedWorkbookParts(6_000, 1_000, 1_000)), limits);
    expect(sharedStrings.error?.message).toBe(refusal('xl/sharedStrings.xml', 'unpacks to more than 2 MB'));

    const other = { path: 'docProps/app.xml', data: Buffer.alloc(6 * MB, 0x20), statedSize: 1_000 };
    const drained = await readAll(zip([...paddedWorkbookParts(5_000, 10), other]), limits);
    expect(drained.error?.message).toBe(refusal('docProps/app.xml', 'unpacks to more than 2 MB'));
    expect(drained.ms).toBeLessThan(5_000);
  });

  it('says a workbook is damaged, rather than wait forever, when a part runs past the end of the file', async () => {
    const path = zip([...paddedWorkbookParts(5_000, 10), { path: 'docProps/app.xml', data: randomBytes(512 * 1024) }]);
    const bytes = readFileSync(path);
    const last = bytes.lastIndexOf(Buffer.from('PK\x03\x04', 'latin1'));
    bytes.writeUInt16LE(0, last + 8); // stored, not deflated: nothing but the file's end stops it
    bytes.writeUInt32LE(bytes.length * 4, last + 18); // its packed size, past the end of the file
    writeFileSync(path, bytes);
    const { error, ms } = await readAll(path);
    expect(error?.message).toBe('This .xlsx file is damaged and cannot be read.');
    expect(ms).toBeLessThan(5_000);
  });
});

describe('openTable: a workbook with more shared strings than memory should hold', () => {
  it('caps the shared strings in number, counting what the part holds', async () => {
    const path = zip(paddedWorkbookParts(4_998, 10)); // 5,000 strings with the two the sheet uses
    const limits = { ...WORKBOOK_LIMITS, sharedStrings: 4_999 };
    expect((await readAll(path, limits)).error?.message).toBe(
      refusal('xl/sharedStrings.xml', 'holds more than 4,999 different texts'),
    );
    const read = await readAll(path, { ...limits, sharedStrings: 5_000 });
    expect(read.error).toBeUndefined();
    expect(read.info?.header).toEqual(['Reference']);
    expect(read.cells).toEqual([['R1']]);
  });

  it('caps the shared strings in size, below the limit for other parts, whether the directory tells or hides it', async () => {
    const limits = { ...WORKBOOK_LIMITS, sharedStringsBytes: 3 * MB, ratio: 1e9 };
    const told = await readAll(zip(paddedWorkbookParts(6_000, 1_000)), limits);
    expect(told.error?.message).toBe(refusal('xl/sharedStrings.xml', 'unpacks to 6 MB'));
    const hidden = await readAll(zip(paddedWorkbookParts(6_000, 1_000, 1_000)), limits);
    expect(hidden.error?.message).toBe(refusal('xl/sharedStrings.xml', 'unpacks to more than 3 MB'));
  });
});

describe('openTable: a workbook whose cells hold more text than any field takes', () => {
  /** The one-sheet workbook of paddedWorkbookParts with its sheet replaced. */
  const withSheet = (rows: string) =>
    paddedWorkbookParts(0, 0).map((part) =>
      part.path === 'xl/worksheets/sheet1.xml'
        ? {
            ...part,
            data: Buffer.from(
              `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
            ),
          }
        : part,
    );

  it('refuses one inline cell of 8 MB of text in plain words, before exceljs holds it', async () => {
    const big = randomBytes(4 * MB).toString('hex'); // 8 MB that packs as text does, not as a zip bomb
    const path = zip(
      withSheet(
        `<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${big}</t></is></c></row>`,
      ),
    );
    const outcome = await readAll(path);
    expect(outcome.error?.message).toBe(
      'This .xlsx file has a cell of more than 1 MB of text, more than any field takes: remove it or save the sheet as CSV.',
    );
  });

  it('refuses a row whose cells repeat one long shared text past a million characters, naming the row', async () => {
    const parts = paddedWorkbookParts(1, 400_000); // shared string 2: 400,000 characters
    const cells = Array.from({ length: 5 }, (_, i) => `<c r="${String.fromCharCode(66 + i)}2" t="s"><v>2</v></c>`).join(
      '',
    );
    const path = zip(
      parts.map((part) =>
        part.path === 'xl/worksheets/sheet1.xml'
          ? {
              ...part,
              data: Buffer.from(
                part.data
                  .toString()
                  .replace(
                    '<row r="2"><c r="A2" t="s"><v>1</v></c></row>',
                    `<row r="2"><c r="A2" t="s"><v>1</v></c>${cells}</row>`,
                  ),
              ),
            }
          : part,
      ),
    );
    const outcome = await readAll(path);
    expect(outcome.error?.message).toMatch(/^Row 2 is too long to read \(over 1,000,000 characters\)/);
  });
});
