import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { stringify } from 'csv-stringify/sync';
import { sampleInput } from './service';

const HEADER = Object.keys(sampleInput());

/** Writes entries as a CSV file with a header row (the service's field names); returns its path. */
export function writeEntriesCsv(
  dir: string,
  name: string,
  rows: ReadonlyArray<Record<string, string | number>>,
): string {
  const path = join(dir, name);
  writeFileSync(path, stringify([HEADER, ...rows.map((r) => HEADER.map((h) => String(r[h] ?? '')))]));
  return path;
}

/**
 * `count` entries with unique references, every `invalidEvery`-th one invalid (a bad postcode or
 * no surname), and the file row numbers (header = row 1) of the invalid ones.
 */
export function mixedEntries(count: number, invalidEvery: number, prefix = 'BULK') {
  const invalidRows: number[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const row = i + 2;
    if ((i + 1) % invalidEvery === 0) {
      invalidRows.push(row);
      return sampleInput(
        invalidRows.length % 2
          ? { reference: `${prefix}-${i}`, postcode: 'NOT A POSTCODE' }
          : { reference: `${prefix}-${i}`, surname: '' },
      );
    }
    return sampleInput({ reference: `${prefix}-${i}`, total_value: `${100 + (i % 900)}.00` });
  });
  return { rows, invalidRows };
}

/** The `reference` part of what the sandbox stored. */
export const storedReference = (r: { parts: Array<[string, string]> }) =>
  r.parts.find(([name]) => name === 'reference')?.[1];

/** One part of a zip written by writeZip; `statedSize`, when given, is the unpacked size its headers claim instead of the truth. */
export interface ZipPart {
  path: string;
  data: Buffer;
  statedSize?: number;
}

/**
 * Writes a zip of deflated parts by hand: local headers (with a data descriptor after each part when
 * `descriptors`) and a central directory stating each part's `statedSize`, as a crafted zip bomb does.
 */
export function writeZip(path: string, parts: readonly ZipPart[], options: { descriptors?: boolean } = {}): string {
  const flags = options.descriptors ? 0x08 : 0;
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.path);
    const packed = deflateRawSync(part.data);
    const sizes = { crc: crc32(part.data), packed: packed.length, size: part.statedSize ?? part.data.length };
    const head = zipHeader(30, 0x04034b50, flags, options.descriptors ? { crc: 0, packed: 0, size: 0 } : sizes);
    head.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(options.descriptors ? 16 : 0);
    if (options.descriptors) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(sizes.crc, 4);
      descriptor.writeUInt32LE(sizes.packed, 8);
      descriptor.writeUInt32LE(sizes.size, 12);
    }
    const entry = zipHeader(46, 0x02014b50, flags, sizes, 2);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(head, name, packed, descriptor);
    central.push(entry, name);
    offset += head.length + name.length + packed.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...local, directory, end]));
  return path;
}

/** A local (30 bytes) or central (46 bytes, fields `shift` bytes later) zip header for a deflated part. */
function zipHeader(
  length: number,
  signature: number,
  flags: number,
  sizes: { crc: number; packed: number; size: number },
  shift = 0,
): Buffer {
  const header = Buffer.alloc(length);
  header.writeUInt32LE(signature, 0);
  header.writeUInt16LE(20, 4 + shift); // version needed to extract
  header.writeUInt16LE(flags, 6 + shift);
  header.writeUInt16LE(8, 8 + shift); // deflated
  header.writeUInt32LE(sizes.crc, 14 + shift);
  header.writeUInt32LE(sizes.packed, 18 + shift);
  header.writeUInt32LE(sizes.size, 22 + shift);
  return header;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * The parts of a one-sheet workbook ("Entries": a Reference heading and `R1`) whose shared strings
 * hold `padding` more strings of `padChars` characters each, stored as Excel stores them (the sheet
 * before the shared strings). `statedSize` is what the zip claims the shared strings unpack to.
 */
export function paddedWorkbookParts(padding: number, padChars: number, statedSize?: number): ZipPart[] {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  const cell = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
  const pad = `<si><t>${'x'.repeat(padChars)}</t></si>`.repeat(padding);
  return [
    { path: '_rels/.rels', data: xml(`<Relationships xmlns="${RELS}"/>`) },
    {
      path: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Entries" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      path: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      path: 'xl/worksheets/sheet1.xml',
      data: xml(
        `<worksheet xmlns="${MAIN}"><sheetData><row r="1">${cell('A1', 0)}</row><row r="2">${cell('A2', 1)}</row></sheetData></worksheet>`,
      ),
    },
    {
      path: 'xl/sharedStrings.xml',
      data: xml(`<sst xmlns="${MAIN}"><si><t>Reference</t></si><si><t>R1</t></si>${pad}</sst>`),
      ...(statedSize === undefined ? {} : { statedSize }),
    },
  ];
}
