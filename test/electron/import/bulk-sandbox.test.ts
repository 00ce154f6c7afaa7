import { afterEach, expect, it } from 'vitest';
import { checkImport } from '@main/import/batch-check';
import { queueImport, batchStatus } from '@main/import/batch-queue';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { mixedEntries, storedReference, writeEntriesCsv } from '@test/support/import-files';
import { describeEachStore } from '@test/support/stores';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describeEachStore('bulk import against the sandbox with faults', (store) => {
  it('1,000 rows, 5 % invalid and 5 % answered 503: every valid row accepted exactly once, the invalid ones named', async () => {
    rig = await startCoreRig({ store });
    const { rows, invalidRows } = mixedEntries(1000, 20);
    const path = writeEntriesCsv(tempHome(), 'thousand.csv', rows);
    // One entry request in twenty is answered 503 (nothing stored), spread over the whole run.
    for (let i = 0; i < 50; i += 1) {
      rig.sandbox.faults.add({ target: 'entry', times: 19, fault: { kind: 'latency', ms: 0 } });
      rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503 } });
    }
    const req = { path, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' as const };

    const told: number[] = [];
    const check = await checkImport(rig.core, req, { onEarlier: (b) => told.push(b.id) });
    expect(told).toEqual([]); // a first import: nothing of it is queued yet
    expect(check).toMatchObject({ rows: 1000, valid: 950, invalid: 50, duplicateCount: 0, missing: [] });
    expect(check.problems.map((p) => p.row)).toEqual(invalidRows);
    expect(check.problems[0]!.fields).toEqual({ postcode: expect.any(String) });
    expect(check.problems[1]!.fields).toEqual({ surname: expect.stringMatching(/surname/i) });

    const queued = await queueImport(rig.core, req);
    expect(queued).toMatchObject({ queued: 950, already: 0, skipped: [], invalid: 50 });
    await rig.core.outbox.drain();

    const status = await batchStatus(rig.core, queued.batch.id);
    expect(status).toMatchObject({ counts: { accepted: 950 }, total: 950, remaining: 0 });
    const { rows: journal } = await rig.core.journal.list({ batch: queued.batch.id, limit: 1000 });
    const stored = rig.sandbox.records.map(storedReference);
    expect(new Set(stored).size).toBe(950);
    expect(stored).toHaveLength(950);
    expect(new Set(journal.map((r) => r.recordid))).toEqual(new Set(rig.sandbox.records.map((r) => r.recordid)));
    expect(journal.filter((r) => r.attempts > 1).length).toBeGreaterThanOrEqual(40); // the 503s were retried
    const validRows = rows.map((_, i) => i + 2).filter((r) => !invalidRows.includes(r));
    expect(journal.map((r) => r.batchRow).sort((a, b) => a! - b!)).toEqual(validRows);

    // The same file again continues the same batch and sends nothing twice.
    const again = await queueImport(rig.core, req);
    expect(again).toMatchObject({ queued: 0, already: 950 });
    expect(again.batch.id).toBe(queued.batch.id);
    // A re-check is told of the batch before it reads a row (the command line sends its rows meanwhile).
    const recheck = await checkImport(rig.core, req, { onEarlier: (b) => told.push(b.id) });
    expect(recheck.earlier?.batch.id).toBe(queued.batch.id);
    expect(told).toEqual([queued.batch.id]);
    await rig.core.outbox.drain();
    expect(rig.sandbox.records).toHaveLength(950);
  }, 120_000);

  it('repeats within the file and of earlier submissions are flagged before sending and left out unless chosen', async () => {
    rig = await startCoreRig({ store });
    const { rows } = mixedEntries(6, 1000, 'DUP');
    const earlier = await rig.core.pipeline.submit({ kind: 'entry', input: rows[1]!, profile: 'Sandbox' });
    if (!earlier.ok) throw new Error('not queued');
    // Row 8 repeats row 2 exactly; row 3 was submitted before.
    const path = writeEntriesCsv(tempHome(), 'dups.csv', [...rows, rows[0]!]);
    const req = { path, profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' as const };
    const check = await checkImport(rig.core, req);
    expect(check).toMatchObject({ rows: 7, valid: 7, invalid: 0, duplicateCount: 2 });
    expect(check.duplicates).toEqual([
      expect.objectContaining({ row: 3, ofEntry: expect.objectContaining({ id: earlier.row.id, state: 'queued' }) }),
      expect.objectContaining({ row: 8, ofRow: 2 }),
    ]);
    const queued = await queueImport(rig.core, { ...req, sendDuplicates: [3] });
    expect(queued.queued).toBe(6);
    expect(queued.skipped.map((s) => s.row)).toEqual([8]);
    // Checked again: the rows now in the batch count as already imported, only the one left out is flagged.
    const again = await checkImport(rig.core, req);
    expect(again).toMatchObject({ already: 6, duplicateCount: 1 });
    expect(again.duplicates.map((d) => d.row)).toEqual([8]);
    // Read another way (dates in another order, other columns), it is another batch: nothing counts as sent.
    const otherWay = await checkImport(rig.core, { ...req, dateOrder: 'DD/MM/YYYY' });
    expect(otherWay).toMatchObject({ earlier: undefined, already: 0, duplicateCount: 7 });
  });
});
