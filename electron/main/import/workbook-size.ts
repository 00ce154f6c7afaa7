// Keeping an .xlsx workbook within memory before exceljs reads it: what its zip directory says, then
// what its parts actually unpack to, counted as they stream (a crafted directory can understate it).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import unzipper from 'unzipper';
import { TableReadError, WORKBOOK_LIMITS, closed, type WorkbookLimits } from './table';

export { WORKBOOK_LIMITS, type WorkbookLimits } from './table';

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const MB = 1024 * 1024;
/** A shared string's element: `<si` then `>`, `/` or white space (`<sig…` would be another element). */
const SI = Buffer.from('<si');
const NAME_ENDS = new Set([0x3e, 0x2f, 0x20, 0x09, 0x0a, 0x0d]);

/** The refusal of a workbook that cannot be read as a zip of parts. */
export const damagedWorkbook = (cause: unknown) =>
  new TableReadError('This .xlsx file is damaged and cannot be read.', undefined, { cause });

const tooLarge = (part: string, why: string) =>
  new TableReadError(
    `This .xlsx file is too large to import (its part ${part} ${why}): save the sheet as CSV, or split it.`,
  );

/** The most a part may unpack to: less for the shared strings, which are held in memory. */
const mostBytes = (part: string, limits: WorkbookLimits) =>
  part === SHARED_STRINGS ? Math.min(limits.partBytes, limits.sharedStringsBytes) : limits.partBytes;

/**
 * Refuses a workbook whose parts would unpack into more than memory can hold, or that packs far
 * tighter than spreadsheets do (a zip bomb): first by what its zip directory says (quick), then by
 * unpacking every part, keeping nothing, and counting what each actually unpacks to.
 */
export async function checkWorkbookSize(path: string, limits: WorkbookLimits = WORKBOOK_LIMITS): Promise<void> {
  const directory = await unzipper.Open.file(path).catch((error: unknown) => {
    throw damagedWorkbook(error);
  });
  for (const part of directory.files) {
    const { uncompressedSize: size, compressedSize: packed } = part;
    const tooTight = size > limits.ratioFromBytes && size > packed * limits.ratio;
    if (size > mostBytes(part.path, limits) || tooTight) {
      throw tooLarge(part.path, `unpacks to ${Math.round(size / MB)} MB`);
    }
  }
  await checkUnpacked(path, limits);
}

/**
 * Unpacks every part of the workbook in stored order (as exceljs will), keeping nothing, and counts
 * the bytes actually unpacked, whatever the zip's directory and headers claim: stops reading at the
 * first part over the limits, with the refusal the directory check gives. Memory stays at a few
 * pieces of the file; a zip bomb costs the time to unpack up to the limit.
 */
async function checkUnpacked(path: string, limits: WorkbookLimits): Promise<void> {
  const fileBytes = (await stat(path)).size;
  const file = createReadStream(path);
  const zip = unzipper.Parse({ forceStream: true });
  let reading: unzipper.Entry | undefined;
  // A failure of the file or the zip (one after giving up too) ends the part being read.
  zip.on('error', (error: Error) => reading?.destroy(error));
  pipeline(file, zip, () => undefined);
  try {
    for await (const part of zip as AsyncIterable<unzipper.Entry>) {
      reading = part;
      // A part whose packed size the header leaves to a trailing descriptor is bounded by the file.
      const count = partCounter(part.path, part.vars.compressedSize || fileBytes, limits);
      for await (const chunk of part) count(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof TableReadError) throw error;
    throw damagedWorkbook(error);
  } finally {
    zip.destroy();
    file.destroy();
    await closed(file);
  }
}

/** The parts whose texts exceljs holds whole: the sheets' cells and the shared strings. */
const CELL_TEXTS = /^xl\/(worksheets\/[^/]+\.xml|sharedStrings\.xml)$/;

/**
 * Counts a part's unpacked bytes as they come (and the shared strings, an `<si>` each), refusing past
 * the limits, and in the sheets and shared strings the longest text between two tags (one cell's).
 */
function partCounter(part: string, packed: number, limits: WorkbookLimits): (chunk: Buffer) => void {
  const most = mostBytes(part, limits);
  const texts = CELL_TEXTS.test(part);
  let run = 0; // bytes since the last `<`
  let bytes = 0;
  let strings = 0;
  let tail = Buffer.alloc(0); // the last 3 bytes so far: a `<si` cut by the chunk's end is counted with the next
  return (chunk) => {
    bytes += chunk.length;
    if (bytes > most || (bytes > limits.ratioFromBytes && bytes > packed * limits.ratio)) {
      throw tooLarge(part, `unpacks to more than ${Math.floor(bytes / MB)} MB`);
    }
    if (texts) {
      let from = 0;
      for (let at = chunk.indexOf(0x3c); at !== -1; at = chunk.indexOf(0x3c, at + 1)) {
        if (run + at - from > limits.cellBytes) break;
        run = 0;
        from = at + 1;
      }
      run += chunk.length - from;
      if (run > limits.cellBytes)
        throw new TableReadError(
          `This .xlsx file has a cell of more than ${Math.round(limits.cellBytes / MB)} MB of text, more than any ` +
            'field takes: remove it or save the sheet as CSV.',
        );
    }
    if (part !== SHARED_STRINGS) return;
    strings += elementsFrom(Buffer.concat([tail, chunk.subarray(0, 3)]), tail.length) + elementsFrom(chunk);
    tail = Buffer.concat([tail, chunk.subarray(-3)]).subarray(-3);
    if (strings > limits.sharedStrings) {
      throw tooLarge(part, `holds more than ${limits.sharedStrings.toLocaleString('en-GB')} different texts`);
    }
  };
}

/** How many shared strings' elements start in `bytes` before `before`, with the byte after their name there too. */
function elementsFrom(bytes: Buffer, before = bytes.length): number {
  let count = 0;
  for (let at = bytes.indexOf(SI); at !== -1 && at < before && at + 3 < bytes.length; at = bytes.indexOf(SI, at + 3)) {
    if (NAME_ENDS.has(bytes[at + 3]!)) count += 1;
  }
  return count;
}
