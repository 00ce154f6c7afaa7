import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
