import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { SubmissionRow } from '@shared/journal/types';
import { payloadHash } from '@main/journal/payload-hash';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { BatchItem, JournalStore } from '@main/journal/store';
import { tempHome } from '@test/support/core';
import { sampleEntry } from '@test/support/service';

let store: JournalStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

const item = (row: number, reference: string): BatchItem => {
  const payload = sampleEntry({ reference }) as unknown as Record<string, string>;
  return {
    row,
    allowDuplicate: false,
    submission: {
      kind: 'entry',
      profile: 'Sandbox',
      operator: 'clerk',
      payload,
      payloadHash: payloadHash('entry', payload),
    },
  };
};

it("a batch's rows are written the same whether or not anyone listens, and told to those who do", async () => {
  store = createSqliteStore(join(tempHome(), 'journal.sqlite3'), 'clerk');
  const batch = await store.batches.open({ profile: 'Sandbox', fileName: 'a.csv', contentHash: 'h', fileRows: 4 });
  // Nobody listens (the command line): the rows are not read back, and are in the journal all the same.
  const quiet = await store.batches.queue(batch.id, [item(2, 'Q-1'), item(3, 'Q-2')]);
  const told: SubmissionRow[] = [];
  const stop = store.onChange((row) => told.push(row));
  const heard = await store.batches.queue(batch.id, [item(4, 'Q-3'), item(5, 'Q-4')]);
  stop();
  expect([...quiet, ...heard].map((q) => q.outcome)).toEqual(['queued', 'queued', 'queued', 'queued']);
  expect(told.map((row) => [row.id, row.state, row.batchRow, row.payload.reference])).toEqual([
    [heard[0]!.id, 'queued', 4, 'Q-3'],
    [heard[1]!.id, 'queued', 5, 'Q-4'],
  ]);
  for (const [i, q] of [...quiet, ...heard].entries()) {
    const row = await store.get(q.id);
    expect([row?.state, row?.batchId, row?.batchRow, row?.payload.reference]).toEqual([
      'queued',
      batch.id,
      i + 2,
      `Q-${i + 1}`,
    ]);
    expect((await store.history(q.id)).map((h) => [h.fromState, h.toState, h.actor])).toEqual([
      [null, 'queued', 'clerk'],
    ]);
  }
});
