import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { CLI_TIMEOUT, spawnCli } from '../../support/cli';
import { useCliRig } from '../../support/cli-rig';
import { mixedEntries, storedReference, writeEntriesCsv } from '../../support/import-files';
import { sampleInput } from '../../support/service';
import { EXPORTED_CSV } from '../../support/csv-export';
import { personalDataNotice } from '../../../shared/journal/personal-fields';
import { openDeskDatabase } from '../../support/desk-journal';

// Each test has a fresh data folder pointed at the file's sandbox (cli.freshHome()).
const cli = useCliRig({ prefix: 'feed-desk-cli-bulk-' });

const journalRows = async (home: string) => {
  const db = await openDeskDatabase(home);
  try {
    return db.prepare('SELECT reference, state, batch_row FROM submissions ORDER BY id').all() as Array<{
      reference: string;
      state: string;
      batch_row: number;
    }>;
  } finally {
    db.close();
  }
};

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('feed-desk submit --csv', { timeout: CLI_TIMEOUT }, () => {
  it('--dry-run validates every row, names the invalid ones by row, and queues nothing', async () => {
    const folder = cli.freshHome();
    const { rows, invalidRows } = mixedEntries(40, 10, 'DRY');
    const file = writeEntriesCsv(folder.home, 'dry.csv', rows);
    const run = await folder.run(['submit', '--csv', file, '--dry-run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('dry.csv: 40 row(s): 36 valid, 4 invalid, 0 possible duplicate(s)');
    for (const row of invalidRows) expect(run.stderr).toMatch(new RegExp(`  row ${row}: (postcode|surname): `));
    expect(await journalRows(folder.home)).toEqual([]);
    const json = await folder.run(['submit', '--csv', file, '--dry-run', '--json']);
    expect(jsonLines(json.stdout)).toEqual([
      expect.objectContaining({ event: 'checked', rows: 40, valid: 36, invalid: 4, duplicates: 0 }),
    ]);
  });

  it('sends the valid rows as one batch, prints JSON lines, and exits 1 because some rows were invalid', async () => {
    const folder = cli.freshHome();
    const { rows } = mixedEntries(30, 10, 'JSON');
    const file = writeEntriesCsv(folder.home, 'json.csv', rows);
    const before = cli.sandbox.records.length;
    const run = await folder.run(['submit', '--csv', file, '--json', '--concurrency', '3']);
    expect(run.code).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines[0]).toMatchObject({ event: 'checked', rows: 30, valid: 27, invalid: 3 });
    expect(lines[1]).toMatchObject({ event: 'queued', queued: 27, already: 0 });
    expect(lines.at(-1)).toMatchObject({
      event: 'summary',
      invalid: 3,
      counts: { accepted: 27 },
      remaining: 0,
      not_accepted: 3,
    });
    expect(cli.sandbox.records.length - before).toBe(27);
    const results = await folder.run(['journal', '--batch', String(lines[1]!.batch), '--format', 'results']);
    expect(results.code).toBe(0);
    const csv = parse(results.stdout, EXPORTED_CSV) as string[][];
    expect(csv[0]).toEqual([
      'row',
      'state',
      'recordid',
      'message',
      'reference',
      'surname',
      'journal_id',
      'duplicate_of',
    ]);
    // One line per row of the file, the invalid ones too.
    expect(csv).toHaveLength(31);
    expect(csv[1]!.join(',')).toMatch(/^2,accepted,\d+,Record created,JSON-0,Smith,\d+,$/);
    expect(csv[10]!.join(',')).toMatch(/^11,invalid,,postcode: .+,JSON-9,Smith,,$/);
    expect(results.stdout.split('\r\n')[2]).toMatch(/^"2","accepted",/); // every cell quoted, after the notice and header
    expect(results.stdout.split('\r\n')[0]).toBe(`\uFEFF# ${personalDataNotice(['surname'])}`);
    const plain = await folder.run([
      'journal',
      '--batch',
      String(lines[1]!.batch),
      '--format',
      'results',
      '--no-personal',
    ]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain('Smith');
    const withoutNames = parse(plain.stdout, { bom: true }) as string[][];
    expect(withoutNames[0]).toEqual(['row', 'state', 'recordid', 'message', 'reference', 'journal_id', 'duplicate_of']);
    expect(withoutNames.map((l) => l.slice(0, 5))).toEqual(csv.map((l) => l.slice(0, 5)));
  });

  it('a two-line address is invalid and shown with ⏎; --join-lines ", " sends its lines joined, as asked', async () => {
    const folder = cli.freshHome();
    const header = [...Object.keys(sampleInput()), 'address1'];
    const row = (reference: string, address1: string) => [
      ...Object.values(sampleInput({ reference })).map(String),
      address1,
    ];
    const file = join(folder.home, 'crm.csv');
    writeFileSync(file, stringify([header, row('LINES-1', 'Flat 3\n12 King Street'), row('LINES-2', '1 High St')]));
    const dry = await folder.run(['submit', '--csv', file, '--dry-run']);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain('row 2: address1: Keep this to a single line (address1 is "Flat 3⏎12 King Street")');
    expect(dry.stderr).toContain('--join-lines ", "');
    const before = cli.sandbox.records.length;
    const run = await folder.run(['submit', '--csv', file, '--join-lines', ', ']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('row 2 address1: "Flat 3⏎12 King Street" → "Flat 3, 12 King Street"');
    const stored = cli.sandbox.records.slice(before);
    expect(stored.map((r) => r.parts.find(([n]) => n === 'address1')?.[1])).toEqual([
      'Flat 3, 12 King Street',
      '1 High St',
    ]);
  });

  it('killed with SIGKILL mid-batch, the same command again completes the batch; nothing is stored twice', async () => {
    const folder = cli.freshHome();
    const { rows } = mixedEntries(150, 1_000_000, 'KILL');
    const file = writeEntriesCsv(folder.home, 'kill.csv', rows);
    cli.sandbox.faults.clear();
    cli.sandbox.faults.add({ target: 'entry', times: 1000, fault: { kind: 'latency', ms: 40 } });
    const before = cli.sandbox.records.length;
    const child = spawnCli(['submit', '--csv', file, '--concurrency', '2'], folder.env(), 'ignore');
    const exited = new Promise((r) => child.on('exit', r));
    while (cli.sandbox.records.length - before < 30) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const storedAtKill = cli.sandbox.records.length - before;
    expect(storedAtKill).toBeLessThan(150);
    cli.sandbox.faults.clear();

    // Rows in flight at the kill keep their sender's lease (60 s) and then become unknown: never resent.
    const rerun = await folder.run(['submit', '--csv', file, '--json', '--wait', '120']);
    const lines = jsonLines(rerun.stdout);
    expect(lines[0]).toMatchObject({ event: 'checked', rows: 150, valid: 150, already: expect.any(Number) });
    expect(lines[1]).toMatchObject({ event: 'queued', already: expect.any(Number) });
    const summary = lines.at(-1)!;
    expect(summary).toMatchObject({ event: 'summary', remaining: 0 });
    const journal = await journalRows(folder.home);
    expect(journal).toHaveLength(150);
    expect(journal.every((r) => r.state === 'accepted' || r.state === 'unknown')).toBe(true);
    const stored = cli.sandbox.records.slice(before).map(storedReference);
    expect(new Set(stored).size).toBe(stored.length);
    const accepted = journal.filter((r) => r.state === 'accepted').map((r) => r.reference);
    expect(stored).toEqual(expect.arrayContaining(accepted));
    expect(rerun.code).toBe(journal.every((r) => r.state === 'accepted') ? 0 : 1);
  }, 180_000);
});
