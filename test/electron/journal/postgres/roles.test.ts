import { afterAll, beforeAll, expect, it } from 'vitest';
import { JournalStateError, OfficePermissionError } from '@main/journal/errors';
import { addUser, addUserSql } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import type { JournalStore } from '@main/journal/store';
import { entry, queued, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

const LEASE = { owner: 'desk-a', ms: 30_000 };

describeOfficeOnly('office journal: roles enforced by PostgreSQL', () => {
  let office: Office;
  let clerk: JournalStore;
  let supervisor: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    clerk = await office.open('clerk');
    supervisor = await office.open('supervisor');
  }, 60_000);
  afterAll(() => office?.stop());

  /** A row the clerk queued and sent, which ended unknown. */
  async function unknownRow(reference: string) {
    const row = await queued(clerk, entry(reference));
    const claimed = (await clerk.claim(row.id, LEASE))!;
    const { row: settled } = await clerk.recordOutcome(claimed, LEASE.owner, {
      state: 'unknown',
      code: 'timeout',
      message: 'no answer',
      httpStatus: null,
      fields: null,
      nextAttemptAt: null,
    });
    expect(settled.state).toBe('unknown');
    return settled;
  }

  it('says who is signed in, as what, and where', async () => {
    const port = office.server.port;
    expect(clerk.location).toEqual({
      kind: 'office',
      label: `127.0.0.1:${port}/feed_desk`,
      user: 'clara',
      role: 'clerk',
    });
    expect(supervisor.location).toMatchObject({ user: 'sam', role: 'supervisor' });
    expect((await office.open('owner')).location).toMatchObject({ user: 'feed_desk_owner', role: 'owner' });
  });

  it('records the database user as operator and actor, whatever the client says', async () => {
    const row = await queued(clerk, { ...entry('WHO-1'), operator: 'someone-else' });
    expect(row.operator).toBe('clara');
    expect(await clerk.history(row.id)).toEqual([
      { fromState: null, toState: 'queued', actor: 'clara', at: row.createdAt, note: null },
    ]);
  });

  it("a clerk cannot settle, renew or expire another user's sends, even knowing their sender id", async () => {
    const row = await unknownRow('OTHERS-LEASE');
    const owner = (await office.sql('clerk2', 'SELECT lease_owner FROM feed_desk.submissions WHERE id = $1', [row.id]))
      .rows[0] as { lease_owner: string };
    const senderId = owner.lease_owner.split('\u001f').at(-1) ?? '';
    expect(senderId).toBe(LEASE.owner);
    // cody answers for clara's send with her sender id: refused, and nothing is noted.
    await expect(
      office.sql(
        'clerk2',
        `SELECT * FROM feed_desk.record_outcome($1, $2, 'accepted', 999, NULL, 'fake', 201, NULL, NULL, NULL, NULL, NULL, NULL)`,
        [row.id, senderId],
      ),
    ).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('permission denied') });
    expect(await supervisor.get(row.id)).toMatchObject({ state: 'unknown', recordid: null });
    expect(await supervisor.history(row.id)).toHaveLength(3);
    // A send in flight: cody can neither shorten its lease nor make it last for weeks.
    const sending = (await clerk.claim((await queued(clerk, entry('IN-FLIGHT'))).id, LEASE))!;
    await expect(office.sql('clerk2', 'SELECT feed_desk.renew_leases($1, -3600000)', [LEASE.owner])).rejects.toThrow(
      /at least 5000 ms/,
    );
    await office.sql('clerk2', 'SELECT feed_desk.renew_leases($1, 3600000)', [LEASE.owner]);
    expect(await supervisor.expireLeases()).toBe(0);
    expect((await supervisor.get(sending.id))?.state).toBe('sending');
    const other = await queued(clerk, entry('HELD-FOREVER'));
    await expect(
      office.sql('clerk2', 'SELECT * FROM feed_desk.claim($1, $2, 2147483647)', [other.id, 'x']),
    ).rejects.toMatchObject({
      code: '42501',
      message: expect.stringContaining('a clerk sends only their own entries'),
    });
    const otherClaimed = (await clerk.claim(other.id, { owner: 'x', ms: 2147483647 }))!;
    const until = (
      await office.sql(
        'owner',
        "SELECT lease_expires_at - now() < interval '11 minutes' AS ok FROM feed_desk.submissions WHERE id = $1",
        [other.id],
      )
    ).rows[0] as { ok: boolean };
    expect(until.ok).toBe(true);
    await clerk.recordOutcome(sending, LEASE.owner, {
      state: 'accepted',
      recordid: 5,
      message: 'ok',
      httpStatus: 201,
    });
    await clerk.recordOutcome(otherClaimed, 'x', { state: 'accepted', recordid: 6, message: 'ok', httpStatus: 201 });
  });

  it("refuses a clerk's direct UPDATE of a review column, of the state, and a direct INSERT", async () => {
    const row = await unknownRow('CLERK-UPDATE');
    const refused = { code: '42501', message: expect.stringContaining('permission denied') };
    await expect(
      office.sql('clerk', "UPDATE feed_desk.submissions SET reviewed_by = 'clara', reviewed_at = now() WHERE id = $1", [
        row.id,
      ]),
    ).rejects.toMatchObject(refused);
    await expect(
      office.sql('clerk', 'UPDATE feed_desk.submissions SET review_note = $2 WHERE id = $1', [row.id, 'ok']),
    ).rejects.toMatchObject(refused);
    await expect(
      office.sql('clerk', "UPDATE feed_desk.submissions SET state = 'accepted' WHERE id = $1", [row.id]),
    ).rejects.toMatchObject(refused);
    await expect(
      office.sql(
        'clerk',
        "INSERT INTO feed_desk.history (submission_id, to_state, actor) VALUES ($1, 'accepted', 'sam')",
        [row.id],
      ),
    ).rejects.toMatchObject(refused);
    expect(await clerk.get(row.id)).toMatchObject({ state: 'unknown', reviewedBy: null });
  });

  it("refuses a clerk's call of the resolve path, directly and through the store", async () => {
    const row = await unknownRow('CLERK-RESOLVE');
    await expect(
      office.sql('clerk', "SELECT * FROM feed_desk.resolve($1, 'resend', NULL, NULL)", [row.id]),
    ).rejects.toMatchObject({
      code: '42501',
      message: expect.stringContaining('permission denied for function resolve'),
    });
    await expect(clerk.resend(row.id)).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(clerk.markAccepted(row.id, 123)).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(clerk.discard(row.id)).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(clerk.markReviewed([row.id], 'looks fine')).rejects.toBeInstanceOf(OfficePermissionError);
    expect(await clerk.get(row.id)).toMatchObject({ state: 'unknown', reviewedAt: null });
    expect((await clerk.history(row.id)).map((h) => h.actor)).toEqual([
      'clara',
      "system (clara's desk)",
      "system (clara's desk)",
    ]);
  });

  it('checks the role inside resolve too, should EXECUTE ever be granted to clerks by mistake', async () => {
    const row = await unknownRow('CLERK-GRANTED');
    await office.sql('owner', 'GRANT EXECUTE ON FUNCTION feed_desk.resolve TO feed_desk_clerk');
    try {
      await expect(clerk.discard(row.id)).rejects.toThrow(/clara is not a Feed Desk supervisor/);
    } finally {
      await office.sql('owner', 'REVOKE EXECUTE ON FUNCTION feed_desk.resolve FROM feed_desk_clerk');
    }
    expect((await clerk.get(row.id))?.state).toBe('unknown');
  });

  it('lets a supervisor resolve and review; the history shows the database user', async () => {
    const resent = await unknownRow('SUP-RESEND');
    expect((await supervisor.resend(resent.id)).row).toMatchObject({ state: 'queued' });
    const accepted = await unknownRow('SUP-ACCEPT');
    expect(await supervisor.markAccepted(accepted.id, 4242, 'checked on the service')).toMatchObject({
      state: 'accepted',
      recordid: 4242,
      message: 'Answer lost (no answer); marked accepted by sam with recordid 4242',
    });
    const discarded = await unknownRow('SUP-DISCARD');
    expect(await supervisor.discard(discarded.id)).toMatchObject({ state: 'discarded' });
    expect(await supervisor.markReviewed([accepted.id, accepted.id, discarded.id], 'fine')).toBe(2);
    expect(await supervisor.get(accepted.id)).toMatchObject({ reviewedBy: 'sam', reviewNote: 'fine' });

    const last = (rows: Awaited<ReturnType<JournalStore['history']>>) => rows.slice(3).map(({ at: _at, ...h }) => h);
    expect(last(await supervisor.history(resent.id))).toEqual([
      { fromState: 'unknown', toState: 'queued', actor: 'sam', note: 'resend' },
    ]);
    expect(last(await supervisor.history(accepted.id))).toEqual([
      { fromState: 'unknown', toState: 'accepted', actor: 'sam', note: 'checked on the service' },
      { fromState: 'accepted', toState: 'accepted', actor: 'sam', note: 'reviewed: fine' },
    ]);
    await expect(supervisor.resend(accepted.id)).rejects.toBeInstanceOf(JournalStateError);
    await expect(supervisor.resend(accepted.id)).rejects.toThrow(
      `Journal entry ${accepted.id} is accepted; that action needs unknown or failed or rejected or superseded`,
    );
    await expect(supervisor.discard(999_999)).rejects.toThrow('No journal entry 999999');
  });

  it("lets a supervisor UPDATE a review column directly, stamped with the supervisor's name, not what was written", async () => {
    const row = await unknownRow('SUP-DIRECT');
    const result = await office.sql(
      'supervisor',
      "UPDATE feed_desk.submissions SET review_note = 'by hand', reviewed_by = 'clara', reviewed_at = '2001-01-01' WHERE id = $1",
      [row.id],
    );
    expect(result.rowCount).toBe(1);
    const reviewed = await supervisor.get(row.id);
    expect(reviewed).toMatchObject({ reviewedBy: 'sam', reviewNote: 'by hand', state: 'unknown' });
    expect(Date.parse(reviewed?.reviewedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await supervisor.history(row.id)).at(-1)).toMatchObject({ actor: 'sam', note: 'reviewed: by hand' });
    await expect(
      office.sql('supervisor', "UPDATE feed_desk.submissions SET state = 'accepted' WHERE id = $1", [row.id]),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('keeps drafts per database user', async () => {
    const other = await office.open('clerk2');
    await clerk.drafts.save('new-entry', 'Sandbox', { reference: 'HALF' });
    expect(await clerk.drafts.get('new-entry')).toMatchObject({ profile: 'Sandbox', payload: { reference: 'HALF' } });
    expect(await other.drafts.get('new-entry')).toBeUndefined();
    await other.drafts.save('new-entry', 'Sandbox', { reference: 'MINE' });
    expect((await office.sql('clerk2', 'SELECT payload FROM feed_desk.drafts')).rows).toEqual([
      { payload: { reference: 'MINE' } },
    ]);
    await expect(
      office.sql(
        'clerk2',
        "INSERT INTO feed_desk.drafts (db_user, screen, profile, payload) VALUES ('clara', 'x', 'p', '{}')",
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await other.drafts.delete('new-entry');
    expect(await clerk.drafts.get('new-entry')).toMatchObject({ payload: { reference: 'HALF' } });
  });

  it('leaves pausing and "send now" to supervisors; refuses users in neither group', async () => {
    await expect(clerk.setPaused('Other', true)).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(clerk.sendNow('Other')).rejects.toBeInstanceOf(OfficePermissionError);
    expect(await supervisor.setPaused('Other', true)).toEqual(['Other']);
    expect(await clerk.paused()).toEqual(['Other']);
    expect(await supervisor.sendNow('Other')).toBe(0);
    expect(await clerk.paused()).toEqual([]);
    await office.sql('owner', "CREATE ROLE nobody LOGIN PASSWORD 'nobody-pw'");
    await expect(createPostgresStore(office.server.url('nobody', 'nobody-pw'))).rejects.toThrow(
      /nobody is not a Feed Desk user .* office add-user/,
    );
  });

  it('a clerk queues, pauses and settles only their own batch, and only what needs no supervisor', async () => {
    const batch = await clerk.batches.open({
      profile: 'Sandbox',
      fileName: 'f.csv',
      contentHash: 'roles-1',
      fileRows: 3,
    });
    const item = (row: number, reference: string) => ({ row, allowDuplicate: false, submission: entry(reference) });
    const done = await clerk.batches.queue(batch.id, [item(2, 'BR-1'), item(3, 'BR-2'), item(4, 'BR-3')]);
    expect(done.map((d) => d.outcome)).toEqual(['queued', 'queued', 'queued']);
    const fail = async (id: number, nextAttemptAt: string | null) => {
      const claimed2 = (await clerk.claim(id, LEASE))!;
      await clerk.recordOutcome(claimed2, LEASE.owner, {
        state: 'failed',
        code: 'busy',
        message: 'busy',
        httpStatus: 503,
        fields: null,
        nextAttemptAt,
      });
    };
    await fail(done[0]!.id, new Date(Date.now() + 60_000).toISOString()); // still on automatic retry
    await fail(done[1]!.id, null); // retries used up: a supervisor decides
    expect(await clerk.batches.retryFailed(batch.id)).toBe(1);
    expect(await clerk.get(done[1]!.id)).toMatchObject({ state: 'failed' });
    expect(await clerk.batches.discardUnsent(batch.id)).toBe(2); // the two queued ones, never sent
    expect(await clerk.get(done[1]!.id)).toMatchObject({ state: 'failed' });
    const cody = await office.open('clerk2');
    await expect(cody.batches.setPaused(batch.id, true)).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(cody.batches.queue(batch.id, [item(5, 'BR-4')])).rejects.toBeInstanceOf(OfficePermissionError);
    await cody.close();
    expect(await supervisor.batches.discardUnsent(batch.id)).toBe(1);
    expect(await clerk.get(done[1]!.id)).toMatchObject({ state: 'discarded' });
    expect((await clerk.history(done[1]!.id)).at(-1)).toMatchObject({ toState: 'discarded', actor: 'sam' });
  });

  it('adds users with any password (hashed before it leaves), and prints what to run by hand', async () => {
    await addUser(office.server.ownerUrl, 'zoë', 'supervisor', 'pä££ wörd');
    const zoe = await createPostgresStore({ url: office.server.url('zoë', 'wrong'), password: 'pä££ wörd' });
    expect(zoe.location).toMatchObject({ user: 'zoë', role: 'supervisor' });
    await zoe.close();
    expect(await addUser(office.server.ownerUrl, 'zoë', 'clerk')).toEqual({ created: false });
    const demoted = await createPostgresStore({ url: office.server.url('zoë', 'pä££ wörd') });
    expect(demoted.location.role).toBe('clerk');
    await demoted.close();
    expect(addUserSql('Jo "the clerk"', 'clerk')).toBe(
      [
        'CREATE ROLE "Jo ""the clerk""" LOGIN;',
        'GRANT feed_desk_clerk TO "Jo ""the clerk""";',
        'REVOKE feed_desk_supervisor FROM "Jo ""the clerk""";',
        '\\password "Jo ""the clerk"""',
      ].join('\n'),
    );
  });
});
