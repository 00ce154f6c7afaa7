import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { writeJournalCsv } from '@main/journal/csv-export';
import { JournalStateError } from '@main/journal/errors';
import type { JournalStore, NewSubmission, SendOutcome } from '@main/journal/store';
import { describeEachStore, freshStores } from '@test/support/stores';
import { EXPORTED_CSV } from '@test/support/csv-export';

const LEASE = { owner: 'corrections-test', ms: 60_000 };
const REJECTED: SendOutcome = {
  state: 'rejected',
  code: 'invalid',
  message: 'postcode: not a postcode',
  httpStatus: 400,
  fields: { postcode: 'not a postcode' },
  nextAttemptAt: null,
};
const FAILED: SendOutcome = { ...REJECTED, state: 'failed', code: 'network', httpStatus: null, fields: null };
const accepted = (recordid: number): SendOutcome => ({ state: 'accepted', recordid, message: 'ok', httpStatus: 201 });

/** A fresh, empty journal of the kind (closed after the test). */
const openStore = freshStores();

/** Queues an entry, sends it (claims it) and records the outcome; the settled row. */
async function settled(store: JournalStore, reference: string, outcome: SendOutcome | null, profile = 'S') {
  const payload = { reference, policy: 'P', surname: 'Jones', postcode: 'M1 1AE' };
  const submission: NewSubmission = {
    kind: 'entry',
    profile,
    operator: 'clerk',
    payload,
    payloadHash: `${reference}-${Math.random()}`,
  };
  const { row } = await store.queue(submission, true);
  if (!row) throw new Error('not queued');
  if (!outcome) return row;
  const claimed = (await store.claim(row.id, LEASE))!;
  return (await store.recordOutcome(claimed, LEASE.owner, outcome)).row;
}

/** Claims a queued row and records that the service accepted it. */
async function accept(store: JournalStore, id: number, recordid: number) {
  const claimed2 = (await store.claim(id, LEASE))!;
  return (await store.recordOutcome(claimed2, LEASE.owner, accepted(recordid))).row;
}

describeEachStore('corrections', (kind) => {
  it('rejected, corrected, accepted: the original is superseded, leaves the attention count, and both rows name each other', async () => {
    const store = await openStore(kind);
    const original = await settled(store, 'REJ', REJECTED);
    expect(await store.attention()).toMatchObject({ rejected: 1 });

    const correction = await settled(store, 'REJ-FIXED', null);
    expect(await store.linkCorrection(correction.id, original.id)).toMatchObject({ corrects: original.id });
    expect((await store.get(original.id))?.state).toBe('rejected'); // not before the correction is accepted
    const done = await accept(store, correction.id, 700001);

    expect(done).toMatchObject({ state: 'accepted', corrects: original.id, supersededBy: null });
    expect(await store.get(original.id)).toMatchObject({ state: 'superseded', supersededBy: correction.id });
    expect(await store.attention()).toEqual({ unknown: 0, failed: 0, rejected: 0 });
    expect((await store.history(original.id)).at(-1)).toMatchObject({
      fromState: 'rejected',
      toState: 'superseded',
      note: `superseded by #${correction.id}`,
    });
    expect((await store.list({ states: ['superseded'] })).rows.map((r) => r.id)).toEqual([original.id]);
    const today = new Date().toISOString().slice(0, 10);
    const report = await store.report(today, today);
    expect(report.byState).toMatchObject({ superseded: 1, accepted: 1 });
    expect(report.attentionTotal).toBe(0);
    expect(report.corrected.map((r) => [r.id, r.supersededBy])).toEqual([[original.id, correction.id]]);

    let csv = '';
    await writeJournalCsv(store, { sort: 'id', direction: 'asc' }, (text) => (csv += text));
    const rows = parse(csv, { ...EXPORTED_CSV, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.id, r.state, r.corrects, r.superseded_by])).toEqual([
      [String(original.id), 'superseded', '', String(correction.id)],
      [String(correction.id), 'accepted', String(original.id), ''],
    ]);
  });

  it('a failed row is superseded too, and so is each refused correction along the chain', async () => {
    const store = await openStore(kind);
    const failed = await settled(store, 'F', FAILED);
    const first = await settled(store, 'F-1', REJECTED);
    await store.linkCorrection(first.id, failed.id);
    const second = await settled(store, 'F-2', null);
    await store.linkCorrection(second.id, first.id);
    await accept(store, second.id, 700002);
    expect(await store.get(first.id)).toMatchObject({ state: 'superseded', supersededBy: second.id });
    expect(await store.get(failed.id)).toMatchObject({
      state: 'superseded',
      supersededBy: first.id,
      nextAttemptAt: null,
    });
    expect(await store.attention()).toEqual({ unknown: 0, failed: 0, rejected: 0 });
  });

  it('a link made after the correction was accepted supersedes at once; linking again changes nothing', async () => {
    const store = await openStore(kind);
    const original = await settled(store, 'LATE', REJECTED);
    const correction = await settled(store, 'LATE-FIXED', accepted(700003));
    await store.linkCorrection(correction.id, original.id);
    expect((await store.get(original.id))?.state).toBe('superseded');
    const lines = (await store.history(original.id)).length;
    await store.linkCorrection(correction.id, original.id);
    expect(await store.history(original.id)).toHaveLength(lines);
  });

  it('a correction marked accepted by a person supersedes what it corrects', async () => {
    const store = await openStore(kind);
    const original = await settled(store, 'MA', REJECTED);
    const correction = await settled(store, 'MA-FIXED', { ...FAILED, state: 'unknown', code: 'unknown' });
    await store.linkCorrection(correction.id, original.id);
    await store.markAccepted(correction.id, 700004);
    expect(await store.get(original.id)).toMatchObject({ state: 'superseded', supersededBy: correction.id });
  });

  it('refuses links that are not corrections: an accepted row, another profile, an earlier row, itself', async () => {
    const store = await openStore(kind);
    const ok = await settled(store, 'OK', accepted(700005));
    const rejected = await settled(store, 'R', REJECTED);
    const elsewhere = await settled(store, 'E', null, 'Other');
    const later = await settled(store, 'L', null);
    const refusals = [
      store.linkCorrection(later.id, ok.id),
      store.linkCorrection(elsewhere.id, rejected.id),
      store.linkCorrection(rejected.id, later.id),
      store.linkCorrection(rejected.id, rejected.id),
      store.linkCorrection(later.id, 999_999),
    ];
    // Every refusal is awaited at once: one awaited after another would leave the later ones rejected unheard.
    await Promise.all(refusals.map((refusal) => expect(refusal).rejects.toBeInstanceOf(JournalStateError)));
    expect((await store.get(later.id))?.corrects).toBeNull();
  });
});
