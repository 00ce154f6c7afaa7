import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JournalStore, SendOutcome } from '@main/journal/store';
import { entry, queued, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

// Fencing in the office journal, tried as a clerk would attack it and as a supervisor's desk meets it.

const LEASE = { owner: 'desk-a', ms: 30_000 };
const SENDABLE = { entries: ['Sandbox'], cancellations: [] };
const accepted = (recordid: number): SendOutcome => ({ state: 'accepted', recordid, message: 'ok', httpStatus: 201 });
const UNKNOWN: SendOutcome = {
  state: 'unknown',
  code: 'timeout',
  message: 'no answer',
  httpStatus: null,
  fields: null,
  nextAttemptAt: null,
};
const outcomeJson = (id: number, fields: Record<string, unknown>) =>
  JSON.stringify([{ id, state: 'accepted', recordid: 999, message: 'forged', http: 201, ...fields }]);

describeOfficeOnly('office journal: fencing', () => {
  let office: Office;
  let clerk: JournalStore;
  let supervisor: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    clerk = await office.open('clerk');
    supervisor = await office.open('supervisor');
  }, 60_000);
  afterAll(() => office?.stop());

  it("a NULL or missing owner or claim settles nothing, not even the clerk's own row in a supervisor's hands", async () => {
    const row = await queued(clerk, entry('NULL-OWNER'));
    const held = (await supervisor.claim(row.id, LEASE))!;
    for (const fields of [{ owner: null, claim: held.claim }, { claim: held.claim }, { owner: LEASE.owner }]) {
      await expect(
        office.sql('clerk', 'SELECT * FROM feed_desk.record_outcomes($1::json, NULL, NULL, NULL, NULL, NULL)', [
          outcomeJson(row.id, fields),
        ]),
      ).rejects.toMatchObject({ code: '22023', message: expect.stringContaining('names no sender or claim') });
    }
    expect(await supervisor.get(row.id)).toMatchObject({ state: 'sending', claim: held.claim, recordid: null });
    // The per-row function, which names no claim, is no one's to call.
    await expect(
      office.sql(
        'clerk',
        `SELECT * FROM feed_desk.record_outcome($1, NULL, 'accepted', 999, NULL, 'x', 201, NULL, NULL, NULL, NULL, NULL, NULL)`,
        [row.id],
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it("a clerk's own row held by a supervisor's desk: her outcome under her old sender id and claim is only a note", async () => {
    const row = await queued(clerk, entry('OLD-CLAIM'));
    const mine = (await clerk.claim(row.id, LEASE))!;
    await clerk.recordOutcome(mine, LEASE.owner, {
      ...UNKNOWN,
      state: 'failed',
      nextAttemptAt: new Date(Date.now() - 1000).toISOString(),
    });
    const [taken] = await supervisor.claimDue({ owner: 'sup-desk', ms: 30_000 }, SENDABLE, 10);
    expect(taken).toMatchObject({ id: row.id, state: 'sending' });
    await office.sql('clerk', 'SELECT * FROM feed_desk.record_outcomes($1::json, NULL, NULL, NULL, NULL, NULL)', [
      outcomeJson(row.id, { owner: LEASE.owner, claim: mine.claim }),
    ]);
    expect(await supervisor.get(row.id)).toMatchObject({ state: 'sending', recordid: null, claim: taken!.claim });
  });

  it("a clerk cannot resolve her own unknown row by a forged late answer: resolving an unknown is a supervisor's act", async () => {
    const row = await queued(clerk, entry('FORGED-LATE'));
    const claimed = (await clerk.claim(row.id, LEASE))!;
    await clerk.recordOutcome(claimed, LEASE.owner, UNKNOWN);
    // Her old sender id and claim are in the table she may read; the answer is kept as a note only.
    const [late] = (
      await clerk.recordOutcomes([
        {
          id: row.id,
          owner: LEASE.owner,
          claim: claimed.claim,
          outcome: { ...UNKNOWN, state: 'failed', nextAttemptAt: new Date().toISOString() },
        },
      ])
    ).rows;
    expect(late).toMatchObject({ state: 'unknown', nextAttemptAt: null });
    const forged = await clerk.recordOutcome(claimed, LEASE.owner, accepted(12345));
    expect(forged.row).toMatchObject({ state: 'unknown', recordid: null });
    expect((await clerk.history(row.id)).at(-1)?.note).toBe(
      'An earlier send finally answered: accepted with recordid 12345',
    );
  });

  it("a supervisor's group commit is never refused whole because a clerk now holds one of its rows", async () => {
    const mine = await queued(clerk, entry('CLERK-TAKES'));
    const other = await queued(clerk, entry('OTHER-ACCEPTED'));
    const desk = { owner: 'sup-desk-2', ms: 30_000 };
    const [a, b] = await supervisor
      .claimDue(desk, SENDABLE, 2)
      .then((rows) => rows.filter((r) => [mine.id, other.id].includes(r.id)));
    // Row a's send ran past its lease: a supervisor resends it, and its clerk's desk takes it.
    await office.sql(
      'owner',
      `UPDATE feed_desk.submissions SET lease_expires_at = now() - interval '1 s' WHERE id = $1`,
      [a!.id],
    );
    await supervisor.expireLeases();
    await supervisor.resend(a!.id, null, true);
    const clerks = (await clerk.claim(a!.id, LEASE))!;
    expect(clerks.state).toBe('sending');
    const { rows } = await supervisor.recordOutcomes([
      { id: a!.id, owner: desk.owner, claim: a!.claim, outcome: accepted(501) },
      { id: b!.id, owner: desk.owner, claim: b!.claim, outcome: accepted(502) },
    ]);
    expect(rows.map((r) => [r.id, r.state, r.recordid])).toEqual([
      [a!.id, 'sending', null],
      [b!.id, 'accepted', 502],
    ]);
  });

  it('queue_batch refuses NULL row numbers and arrays of unequal length (nothing queued)', async () => {
    const batch = await clerk.batches.open({
      profile: 'Sandbox',
      fileName: 'f.csv',
      contentHash: 'fencing-b',
      fileRows: 2,
    });
    const payload = JSON.stringify({ reference: 'QB-1', policy: 'POL-QB-1', surname: 'A', postcode: 'M1 1AE' });
    const call = (rows: unknown, payloads: unknown, hashes: unknown) =>
      office.sql('clerk', 'SELECT * FROM feed_desk.queue_batch($1, $2::integer[], $3::json[], $4::text[], NULL)', [
        batch.id,
        rows,
        payloads,
        hashes,
      ]);
    await expect(call([null], [payload], ['h1'])).rejects.toMatchObject({ code: '22023' });
    await expect(call([2, 3], [payload], ['h1', 'h2'])).rejects.toMatchObject({ code: '22023' });
    await expect(call([2], [payload, payload], ['h1'])).rejects.toMatchObject({ code: '22023' });
    expect(await clerk.batches.counts(batch.id)).toEqual({});
  });

  it("a clerk's accepted entry closes only her own failed rows of the policy; another clerk's is held, not superseded", async () => {
    const cody = await office.open('clerk2');
    const his = await queued(cody, entry('CODY-P', { policy: 'POL-SHARED' }));
    const sent = (await cody.claim(his.id, { owner: 'cody-desk', ms: 30_000 }))!;
    await cody.recordOutcome(sent, 'cody-desk', {
      ...UNKNOWN,
      state: 'failed',
      nextAttemptAt: new Date(Date.now() + 60_000).toISOString(),
    });
    // Clara keys the same policy, confirms the duplicate, and her desk records it accepted.
    const hers = await clerk.queue(entry('CLARA-P', { policy: 'POL-SHARED' }), true);
    const claimed = (await clerk.claim(hers.row!.id, LEASE))!;
    await clerk.recordOutcome(claimed, LEASE.owner, accepted(777));
    expect(await supervisor.get(his.id)).toMatchObject({ state: 'failed', supersededBy: null });
    // His retry then asks the duplicate question, and is held for a person.
    await supervisor.sendNow('Sandbox');
    expect(await cody.claimDue({ owner: 'cody-desk', ms: 30_000 }, SENDABLE, 5)).toEqual([]);
    expect((await supervisor.history(his.id)).at(-1)?.note).toBe(`held: possible duplicate of #${hers.row!.id}`);
  });
});
