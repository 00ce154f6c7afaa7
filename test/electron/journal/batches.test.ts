import { afterEach, expect, it } from 'vitest';
import { parseEntry } from '@shared/entry/schema';
import { payloadHash } from '@main/journal/payload-hash';
import type { BatchItem } from '@main/journal/store';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';
import { storedReference } from '@test/support/import-files';
import { describeEachStore } from '@test/support/stores';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A valid row of a file, as the import queues it. */
function item(r: CoreRig, row: number, reference: string, allowDuplicate = false): BatchItem {
  const parsed = parseEntry(sampleInput({ reference }), r.core.profiles.get('Sandbox')!);
  if (!parsed.ok) throw new Error('sample not valid');
  return {
    row,
    allowDuplicate,
    submission: {
      kind: 'entry',
      profile: 'Sandbox',
      operator: r.core.journal.location.user,
      payload: parsed.entry,
      payloadHash: payloadHash('entry', parsed.entry),
    },
  };
}

describeEachStore('bulk import batches in the journal', (store) => {
  const open = (r: CoreRig, contentHash = 'hash-a', profile = 'Sandbox') =>
    r.core.journal.batches.open({ profile, fileName: 'entries.csv', contentHash, fileRows: 3 });

  it('the same content for the same profile is the same batch; other content is another', async () => {
    rig = await startCoreRig({ store });
    const a = await open(rig);
    expect(a).toMatchObject({ profile: 'Sandbox', fileName: 'entries.csv', fileRows: 3, paused: false });
    expect((await open(rig)).id).toBe(a.id);
    expect((await open(rig, 'hash-b')).id).not.toBe(a.id);
    expect(await rig.core.journal.batches.find('Sandbox', 'hash-a')).toMatchObject({ id: a.id });
    expect(await rig.core.journal.batches.find('Sandbox', 'hash-c')).toBeUndefined();
    expect((await rig.core.journal.batches.recent(10)).map((b) => b.id)).toContain(a.id);
  });

  it('queues a chunk with row numbers; a rerun skips rows already in the batch; repeats are left out unless allowed', async () => {
    rig = await startCoreRig({ store });
    const earlier = await rig.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'OLD-1' }),
      profile: 'Sandbox',
    });
    if (!earlier.ok) throw new Error('not queued');
    const batch = await open(rig);
    const first = await rig.core.journal.batches.queue(batch.id, [
      item(rig, 2, 'B-1'),
      item(rig, 3, 'OLD-1'),
      item(rig, 4, 'B-1'),
    ]);
    expect(first.map((q) => [q.row, q.outcome])).toEqual([
      [2, 'queued'],
      [3, 'duplicate'],
      [4, 'duplicate'],
    ]);
    expect(first[1]!.id).toBe(earlier.row.id);
    const again = await rig.core.journal.batches.queue(batch.id, [item(rig, 2, 'B-1'), item(rig, 3, 'OLD-1', true)]);
    expect(again.map((q) => [q.row, q.outcome])).toEqual([
      [2, 'already'],
      [3, 'queued'],
    ]);
    expect(again[0]!.id).toBe(first[0]!.id);
    const { rows, total } = await rig.core.journal.list({ batch: batch.id, sort: 'id', direction: 'asc' });
    expect(total).toBe(2);
    expect(rows.map((r) => [r.batchId, r.batchRow, r.reference, r.state])).toEqual([
      [batch.id, 2, 'B-1', 'queued'],
      [batch.id, 3, 'OLD-1', 'queued'],
    ]);
    expect(await rig.core.journal.batches.counts(batch.id)).toEqual({ queued: 2 });
  });

  it('looks up repeats of many entries at once, by content or by policy whatever the reference', async () => {
    rig = await startCoreRig({ store });
    const earlier = await rig.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'OLD-1' }),
      profile: 'Sandbox',
    });
    if (!earlier.ok) throw new Error('not queued');
    const probe = (row: number, reference: string, hash = 'nothing-like-it', policy = earlier.row.policy) => ({
      row,
      hash,
      reference,
      policy,
    });
    const found = await rig.core.journal.batches.duplicates('Sandbox', [
      probe(2, 'NEW-1', 'new', 'FP-NEW-1'),
      probe(3, 'OLD-1'),
      probe(4, '', earlier.row.payload && payloadHash('entry', earlier.row.payload), ''),
      probe(5, 'OLD-1', 'x'),
      probe(6, 'OLD-1-CORRECTED'),
    ]);
    expect(found.map((f) => [f.row, f.duplicate.id])).toEqual([
      [3, earlier.row.id],
      [4, earlier.row.id],
      [5, earlier.row.id],
      [6, earlier.row.id],
    ]);
    expect(await rig.core.journal.batches.duplicates('Other', [probe(3, 'OLD-1')])).toEqual([]);
  });

  it('a paused batch is not sent (other rows are); resumed, it is', async () => {
    rig = await startCoreRig({ store });
    const batch = await open(rig);
    await rig.core.journal.batches.queue(batch.id, [item(rig, 2, 'P-1'), item(rig, 3, 'P-2')]);
    expect(await rig.core.journal.batches.setPaused(batch.id, true)).toMatchObject({ paused: true });
    const single = await rig.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'SINGLE' }),
      profile: 'Sandbox',
    });
    if (!single.ok) throw new Error('not queued');
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(single.row.id)).toMatchObject({ state: 'accepted' });
    expect(await rig.core.journal.batches.counts(batch.id)).toEqual({ queued: 2 });
    expect(rig.sandbox.records.map(storedReference)).toEqual(['SINGLE']);
    await rig.core.journal.batches.setPaused(batch.id, false);
    await rig.core.outbox.drain();
    expect(await rig.core.journal.batches.counts(batch.id)).toEqual({ accepted: 2 });
    expect(rig.sandbox.records).toHaveLength(3);
  });

  it('discarding the unsent rows and retrying the failed ones are recorded with who did it', async () => {
    rig = await startCoreRig({ store });
    rig.setUrl('http://127.0.0.1:9'); // nothing listens: every send fails, nothing is stored
    const batch = await open(rig);
    const [failing] = await rig.core.journal.batches.queue(batch.id, [item(rig, 2, 'F-1')]);
    expect(await rig.core.pipeline.send(failing!.id)).toMatchObject({ state: 'failed' });
    await rig.core.journal.batches.setPaused(batch.id, true);
    await rig.core.journal.batches.queue(batch.id, [item(rig, 3, 'F-2')]);
    expect(await rig.core.journal.batches.counts(batch.id)).toEqual({ failed: 1, queued: 1 });

    expect(await rig.core.journal.batches.retryFailed(batch.id)).toBe(1);
    expect(await rig.core.journal.batches.counts(batch.id)).toEqual({ queued: 2 });
    const retried = await rig.core.journal.history(failing!.id);
    expect(retried.at(-1)).toMatchObject({
      fromState: 'failed',
      toState: 'queued',
      actor: rig.core.journal.location.user,
      note: `failed row of batch ${batch.id} retried`,
    });

    expect(await rig.core.journal.batches.discardUnsent(batch.id)).toBe(2);
    expect(await rig.core.journal.batches.counts(batch.id)).toEqual({ discarded: 2 });
    expect((await rig.core.journal.history(failing!.id)).at(-1)).toMatchObject({
      toState: 'discarded',
      actor: rig.core.journal.location.user,
    });
    expect(rig.sandbox.records).toHaveLength(0);
  });

  it('renaming the profile carries its batches along', async () => {
    rig = await startCoreRig({ store });
    rig.core.profiles.put({ name: 'Prod', baseUrl: 'https://feed.example' });
    const batch = await open(rig, 'hash-p', 'Prod');
    await rig.core.journal.renameProfile('Prod', 'Production');
    expect(await rig.core.journal.batches.get(batch.id)).toMatchObject({ profile: 'Production' });
  });
});
