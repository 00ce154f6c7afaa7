// `submit --csv` in process: the command's own submitCsv (checking, queueing, sending, reporting)
// on a real core and sandbox; cli-bulk.test.ts starts the built CLI end to end.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { submitCsv, type BulkOptions } from '../../../electron/cli/bulk';
import type { CliContext } from '../../../electron/cli/context';
import { writeBatchResults } from '@main/import/batch-csv';
import { personalDataNotice } from '@shared/journal/personal-fields';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { EXPORTED_CSV } from '@test/support/csv-export';
import { mixedEntries, writeEntriesCsv } from '@test/support/import-files';
import { sampleInput } from '@test/support/service';

let rig: CoreRig;
beforeEach(async () => {
  rig = await startCoreRig();
});
afterEach(async () => {
  await rig.close();
});

/** The context `feed-desk` gives its commands, on the rig's core (its Sandbox profile). */
const context = (): CliContext => ({
  core: rig.core,
  profile: (name) => rig.core.profiles.get(name ?? 'Sandbox')!,
  ready: (profile) => void rig.core.connections.get(profile),
});

/** Runs submitCsv as `feed-desk submit --csv FILE [options]` does: what it printed and the exit status it set. */
async function submitFile(file: string, options: Partial<BulkOptions> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((t) => out.push(String(t)) > 0);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((t) => err.push(String(t)) > 0);
  try {
    const ctx = context();
    await submitCsv(ctx, file, ctx.profile(), { wait: 60, dateOrder: 'YYYY-MM-DD', ...options });
    return { code: process.exitCode ?? 0, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = undefined;
  }
}

/** `feed-desk journal --batch ID --format results [--no-personal]`'s output. */
async function batchResults(batchId: number, personal = true): Promise<string> {
  let text = '';
  await writeBatchResults(rig.core, batchId, (t) => (text += t), { personal });
  return text;
}

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('submit --csv, in process', () => {
  it('--dry-run validates every row, names the invalid ones by row, and queues nothing', async () => {
    const { rows, invalidRows } = mixedEntries(40, 10, 'DRY');
    const file = writeEntriesCsv(rig.home, 'dry.csv', rows);
    const run = await submitFile(file, { dryRun: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('dry.csv: 40 row(s): 36 valid, 4 invalid, 0 possible duplicate(s)');
    for (const row of invalidRows) expect(run.stderr).toMatch(new RegExp(`  row ${row}: (postcode|surname): `));
    expect((await rig.core.journal.list({ limit: 1 })).total).toBe(0);
    const json = await submitFile(file, { dryRun: true, json: true });
    expect(jsonLines(json.stdout)).toEqual([
      expect.objectContaining({ event: 'checked', rows: 40, valid: 36, invalid: 4, duplicates: 0 }),
    ]);
  });

  it('sends the valid rows as one batch, prints JSON lines, and exits 1 because some rows were invalid', async () => {
    const { rows } = mixedEntries(30, 10, 'JSON');
    const file = writeEntriesCsv(rig.home, 'json.csv', rows);
    const run = await submitFile(file, { json: true });
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
    expect(rig.sandbox.records).toHaveLength(27);
    const batch = Number(lines[1]!.batch);
    const results = await batchResults(batch);
    const csv = parse(results, EXPORTED_CSV) as string[][];
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
    expect(results.split('\r\n')[2]).toMatch(/^"2","accepted",/); // every cell quoted, after the notice and header
    expect(results.split('\r\n')[0]).toBe(`\uFEFF# ${personalDataNotice(['surname'])}`);
    const plain = await batchResults(batch, false);
    expect(plain).not.toContain('Smith');
    const withoutNames = parse(plain, { bom: true }) as string[][];
    expect(withoutNames[0]).toEqual(['row', 'state', 'recordid', 'message', 'reference', 'journal_id', 'duplicate_of']);
    expect(withoutNames.map((l) => l.slice(0, 5))).toEqual(csv.map((l) => l.slice(0, 5)));
  });

  it('a two-line address is invalid and shown with ⏎; --join-lines ", " sends its lines joined, as asked', async () => {
    const header = [...Object.keys(sampleInput()), 'address1'];
    const row = (reference: string, address1: string) => [
      ...Object.values(sampleInput({ reference })).map(String),
      address1,
    ];
    const file = join(rig.home, 'crm.csv');
    writeFileSync(file, stringify([header, row('LINES-1', 'Flat 3\n12 King Street'), row('LINES-2', '1 High St')]));
    const dry = await submitFile(file, { dryRun: true });
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain('row 2: address1: Keep this to a single line (address1 is "Flat 3⏎12 King Street")');
    expect(dry.stderr).toContain('--join-lines ", "');
    const run = await submitFile(file, { joinLines: ', ' });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('row 2 address1: "Flat 3⏎12 King Street" → "Flat 3, 12 King Street"');
    expect(rig.sandbox.records.map((r) => r.parts.find(([n]) => n === 'address1')?.[1])).toEqual([
      'Flat 3, 12 King Street',
      '1 High St',
    ]);
  });
});
