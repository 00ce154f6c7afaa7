// Issue 18: a bulk import accounts for every row of its file, and a corrected file continues its batch.
import { parse } from 'csv-parse/sync';
import { afterEach, expect, it } from 'vitest';
import { writeBatchResults } from '@main/import/batch-csv';
import { checkImport } from '@main/import/batch-check';
import { batchStatus, queueImport } from '@main/import/batch-queue';
import { accountWords } from '@shared/import/accounting';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { mixedEntries, storedReference, writeEntriesCsv } from '@test/support/import-files';
import { sampleInput } from '@test/support/service';
import { describeEachStore } from '@test/support/stores';
import { EXPORTED_CSV } from '@test/support/csv-export';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function resultsOf(r: CoreRig, batchId: number): Promise<Array<Record<string, string>>> {
  let text = '';
  const count = await writeBatchResults(r.core, batchId, (t) => (text += t));
  const rows = parse(text, { ...EXPORTED_CSV, columns: true }) as Array<Record<string, string>>;
  expect(rows).toHaveLength(count);
  return rows;
}

describeEachStore('a bulk import accounts for every row of its file', (store) => {
  it('300 rows, 10 invalid and 2 duplicates: summary and results have 300 rows; the corrected file sends only the corrected rows', async () => {
    rig = await startCoreRig({ store });
    const { rows, invalidRows } = mixedEntries(300, 30, 'ACC');
    expect(invalidRows).toHaveLength(10);
    rows[5] = { ...rows[4]! }; // file row 7 repeats row 6
    const earlier = await rig.core.pipeline.submit({ kind: 'entry', input: rows[9]!, profile: 'Sandbox' });
    if (!earlier.ok) throw new Error('not queued');
    await rig.core.outbox.drain();
    const path = writeEntriesCsv(tempHome(), 'policies.csv', rows);
    const req = { path, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' as const };

    expect(await checkImport(rig.core, req)).toMatchObject({ rows: 300, invalid: 10, duplicateCount: 2 });
    const queued = await queueImport(rig.core, req);
    expect(queued).toMatchObject({ queued: 288, invalid: 10 });
    expect(queued.skipped.map((s) => s.row)).toEqual([7, 11]);
    await rig.core.outbox.drain();

    const status = await batchStatus(rig.core, queued.batch.id);
    expect(status).toMatchObject({
      counts: { accepted: 288 },
      fileRows: 300,
      leftOut: { invalid: 10, duplicate: 2, skipped: 0 },
    });
    expect(accountWords(status)).toBe('300 rows: 288 accepted, 10 not sent — invalid, 2 not sent — duplicates');

    const results = await resultsOf(rig, queued.batch.id);
    expect(results.map((r) => Number(r.row))).toEqual(rows.map((_, i) => i + 2));
    const byRow = new Map(results.map((r) => [Number(r.row), r]));
    expect(invalidRows.map((row) => byRow.get(row)!.state)).toEqual(invalidRows.map(() => 'invalid'));
    expect(byRow.get(invalidRows[0]!)).toMatchObject({
      reference: 'ACC-29',
      message: expect.stringMatching(/^postcode: /),
    });
    expect(byRow.get(invalidRows[1]!)!.message).toMatch(/^surname: /);
    const sixth = byRow.get(6)!;
    expect(sixth.state).toBe('accepted');
    expect(byRow.get(7)).toMatchObject({ state: 'duplicate', duplicate_of: sixth.journal_id, recordid: '' });
    expect(byRow.get(11)).toMatchObject({ state: 'duplicate', duplicate_of: String(earlier.row.id) });

    // The corrected file (same name, invalid rows fixed) offers to continue the batch…
    const fixed = rows.map((r, i) => (invalidRows.includes(i + 2) ? sampleInput({ reference: `ACC-${i}` }) : r));
    const corrected = writeEntriesCsv(tempHome(), 'policies.csv', fixed);
    const creq = { ...req, path: corrected };
    expect((await checkImport(rig.core, creq)).continuable?.id).toBe(queued.batch.id);
    // …and continued, the rows already accepted are recognised as such, not duplicates to tick.
    const check = await checkImport(rig.core, { ...creq, continueBatch: queued.batch.id });
    expect(check).toMatchObject({ rows: 300, invalid: 0, already: 288, duplicateCount: 2 });
    expect(check.earlier?.batch.id).toBe(queued.batch.id);
    const again = await queueImport(rig.core, { ...creq, continueBatch: queued.batch.id });
    expect(again).toMatchObject({ queued: 10, already: 288, invalid: 0 });
    expect(again.batch.id).toBe(queued.batch.id);
    await rig.core.outbox.drain();

    const sent = rig.sandbox.records.map(storedReference);
    expect(sent).toHaveLength(1 + 288 + 10);
    expect(sent.slice(-10).sort()).toEqual(invalidRows.map((row) => `ACC-${row - 2}`).sort());
    const after = await batchStatus(rig.core, queued.batch.id);
    expect(accountWords(after)).toBe('300 rows: 298 accepted, 2 not sent — duplicates');
    const final = await resultsOf(rig, queued.batch.id);
    expect(final).toHaveLength(300);
    expect(final.filter((r) => r.state === 'accepted')).toHaveLength(298);
  }, 120_000);
});
