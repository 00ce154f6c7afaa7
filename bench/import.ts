// Import benchmark: reading, mapping and validating a CSV of entries (readEntries) against parsing
// the same file alone with csv-parse (same library, same streaming, records only counted), each in
// its own child process so each reports its own peak RSS; files of 10,000 and 100,000 rows, 5 %
// invalid, written to a temporary folder and removed at the end. BENCH_ROUNDS (3) runs of each.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { readEntries } from '../electron/main/import/entries';
import { ENTRY_FIELDS, FIELD_LABELS } from '@shared/entry/fields';

type Mode = 'parse' | 'import';
interface Measure {
  rows: number;
  invalid: number;
  ms: number;
  maxRssMb: number;
}

/** One row of the generated file: every field filled; every 20th row has a bad postcode. */
function row(i: number): string {
  const cells: Record<(typeof ENTRY_FIELDS)[number], string> = {
    account_code: `ACME${String(i % 50).padStart(2, '0')}`,
    reference: `REF-${i}`,
    title: 'Mrs',
    initials: 'J',
    surname: `Surname${i % 997}`,
    address1: `${i % 300} High Street`,
    address2: `Flat ${i % 40}`,
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: i % 20 === 7 ? 'NOT A POSTCODE' : 'LS1 4AP',
    email: `keyer${i % 89}@example.co.uk`,
    telephone: '0113 496 0000',
    policy: 'FURN-PLUS',
    total_seats: String(1 + (i % 6)),
    total_value: '"1,299.50"',
    policy_premium: '89.99',
    description: '"Three-seat sofa, grey, with two cushions"',
    manufacturer: 'Acme Furniture',
    model: `Model ${i % 31}`,
    colour: 'Grey',
    fabric: 'Linen',
    purchase_date: `${String(1 + (i % 28)).padStart(2, '0')}/11/2026`,
    delivery_date: '2026-12-01',
    order_number: `ORD-${i}`,
    invoice_number: `INV-${i}`,
    sales_channel: 'Web',
  };
  return ENTRY_FIELDS.map((f) => cells[f]).join(',') + '\r\n';
}

async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(ENTRY_FIELDS.map((f) => FIELD_LABELS[f]).join(',') + '\r\n');
  for (let i = 0; i < rows; i += 1) if (!out.write(row(i))) await once(out, 'drain');
  out.end();
  await once(out, 'close');
}

/** In the child: reads the file one way and prints what it measured as JSON. */
async function measure(mode: Mode, file: string): Promise<Measure> {
  const started = performance.now();
  let rows = 0;
  let invalid = 0;
  if (mode === 'parse') {
    const parser = createReadStream(file, { highWaterMark: 64 * 1024 }).pipe(
      parse({ bom: true, relax_column_count: true, skip_empty_lines: true }),
    );
    for await (const record of parser as AsyncIterable<string[]>) if (record.length > 0) rows += 1;
    rows -= 1; // the header
  } else {
    const { entries } = await readEntries(file, {
      rules: { fieldRules: {}, postcodeCheck: true },
      dateOrder: 'DD/MM/YYYY',
    });
    for await (const entry of entries) {
      rows += 1;
      if (!entry.ok) invalid += 1;
    }
  }
  const ms = performance.now() - started;
  return { rows, invalid, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 };
}

async function inChild(mode: Mode, file: string): Promise<Measure> {
  const child = spawn(process.execPath, ['bin/run-ts.mjs', 'bench/import.ts', '--child', mode, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`the ${mode} child process ended with code ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as Measure;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const rate = (m: Measure) => m.rows / (m.ms / 1000);
const childAt = process.argv.indexOf('--child');

if (childAt !== -1) {
  const [mode, file] = process.argv.slice(childAt + 1) as [Mode, string];
  console.log(JSON.stringify(await measure(mode, file)));
} else {
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-import-bench-'));
  try {
    const small = join(home, 'entries-10k.csv');
    const large = join(home, 'entries-100k.csv');
    await writeCsv(small, 10_000);
    await writeCsv(large, 100_000);
    const mb = (path: string) => (statSync(path).size / 1024 / 1024).toFixed(1);
    console.log(`import benchmark: CSV of 26 fields, 5 % invalid; ${mb(small)} MB and ${mb(large)} MB files`);

    // Each way is run ROUNDS times, in turn: the fastest run counts (the least disturbed by other
    // work on the machine), and the median of the peak RSS.
    const runs: Record<'parseOnly' | 'imported' | 'importedSmall', Measure[]> = {
      parseOnly: [],
      imported: [],
      importedSmall: [],
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.parseOnly.push(await inChild('parse', large));
      runs.imported.push(await inChild('import', large));
      runs.importedSmall.push(await inChild('import', small));
    }
    const best = (all: Measure[], rows: number): Measure => {
      if (all.some((m) => m.rows !== rows)) throw new Error('a child process did not read every row');
      const fastest = all.reduce((a, b) => (b.ms < a.ms ? b : a));
      const peaks = all.map((m) => m.maxRssMb).sort((a, b) => a - b);
      return { ...fastest, maxRssMb: peaks[Math.floor(peaks.length / 2)] ?? NaN };
    };
    const parseOnly = best(runs.parseOnly, 100_000);
    const imported = best(runs.imported, 100_000);
    const importedSmall = best(runs.importedSmall, 10_000);
    const show = (label: string, m: Measure) =>
      console.log(
        `  ${label.padEnd(28)} ${m.rows} rows in ${(m.ms / 1000).toFixed(2)} s: ${rate(m).toFixed(0)} rows/s, ` +
          `${m.invalid} invalid, peak RSS ${m.maxRssMb.toFixed(0)} MB`,
      );
    console.log(`fastest of ${ROUNDS} runs each (peak RSS: median), each run in its own process:`);
    show('parse only (csv-parse)', parseOnly);
    show('readEntries, 100,000 rows', imported);
    show('readEntries, 10,000 rows', importedSmall);
    const ratio = rate(imported) / rate(parseOnly);
    console.log(
      `  ratio ${ratio.toFixed(2)} (target >= 0.5); peak RSS 10,000 → 100,000 rows: ` +
        `${importedSmall.maxRssMb.toFixed(0)} → ${imported.maxRssMb.toFixed(0)} MB (target: flat)`,
    );
    console.log(
      `import ${rate(imported).toFixed(0)} rows/s, parse ${rate(parseOnly).toFixed(0)} rows/s, ` +
        `ratio ${ratio.toFixed(2)}, ` +
        `rss10k ${importedSmall.maxRssMb.toFixed(0)} MB, rss100k ${imported.maxRssMb.toFixed(0)} MB`,
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
