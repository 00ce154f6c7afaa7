import { afterAll, beforeAll, expect, it } from 'vitest';
import { OfficePermissionError } from '@main/journal/errors';
import type { JournalStore } from '@main/journal/store';
import { PERSONAL_FIELDS } from '@shared/journal/personal-fields';
import { describeOfficeOnly } from '@test/support/stores';
import { entry, queued, startOffice, type Office } from './office-rig';

const LEASE = { owner: 'desk-c', ms: 30_000 };

describeOfficeOnly("office journal: a person's data and retention are the supervisors'", () => {
  let office: Office;
  let clerk: JournalStore;
  let supervisor: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    clerk = await office.open('clerk');
    supervisor = await office.open('supervisor');
  }, 60_000);
  afterAll(() => office?.stop());

  /** A clerk's accepted row, dated back three days. */
  async function oldAccepted(reference: string) {
    const row = await queued(clerk, entry(reference, { email: `${reference.toLowerCase()}@example.com` }));
    const claimed = (await clerk.claim(row.id, LEASE))!;
    await clerk.recordOutcome(claimed, LEASE.owner, {
      state: 'accepted',
      recordid: 9000 + row.id,
      message: 'ok',
      httpStatus: 201,
    });
    await office.sql('owner', "UPDATE feed_desk.submissions SET created_at = now() - interval '3 days' WHERE id = $1", [
      row.id,
    ]);
    return row;
  }

  it('refuses a clerk who sets, runs or reads around the rule, in plain words; nothing changes', async () => {
    const row = await oldAccepted('CLERK-RULE');
    const notSupervisor = /clara is not a Feed Desk supervisor: only supervisors/;
    await expect(clerk.privacy.setRetention(1)).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(clerk.privacy.setRetention(1)).rejects.toThrow(notSupervisor);
    await expect(clerk.privacy.purge()).rejects.toThrow(notSupervisor);
    await expect(clerk.privacy.purge(0)).rejects.toBeInstanceOf(OfficePermissionError);
    // Nor by hand: the table, the rows and the helpers the functions use are not theirs to write or call.
    await expect(office.sql('clerk', 'UPDATE feed_desk.retention SET days = 1')).rejects.toMatchObject({
      code: '42501',
    });
    await expect(office.sql('clerk', 'SELECT feed_desk.remove_personal(0, ARRAY[]::text[])')).rejects.toMatchObject({
      code: '42501',
    });
    await expect(
      office.sql('clerk', "UPDATE feed_desk.submissions SET payload = '{}' WHERE id = $1", [row.id]),
    ).rejects.toMatchObject({ code: '42501' });
    // A clerk may see the rule.
    expect(await clerk.privacy.retention()).toEqual({ days: null, setBy: null, setAt: null });
    expect((await clerk.get(row.id))?.payload.email).toBe('clerk-rule@example.com');

    const set = await supervisor.privacy.setRetention(1);
    expect(set).toMatchObject({ days: 1, setBy: 'sam', setAt: expect.stringMatching(/^\d{4}-/) });
    expect(await clerk.privacy.retention()).toEqual(set);
    await expect(clerk.privacy.setRetention(null)).rejects.toThrow(notSupervisor);
    expect(await supervisor.privacy.purge()).toBe(1);
    expect((await clerk.get(row.id))?.payload).toMatchObject({ email: '', surname: '', reference: 'CLERK-RULE' });
    expect((await clerk.history(row.id)).at(-1)).toMatchObject({
      actor: 'sam',
      note: 'personal details removed under the 1-day rule',
    });
    const audit = await office.sql(
      'owner',
      "SELECT actor, detail FROM feed_desk.admin_audit WHERE action = 'retention set'",
    );
    expect(audit.rows).toEqual([{ actor: 'sam', detail: 'personal details of settled rows removed after 1 day' }]);
  });

  it("refuses a clerk who looks for, exports or erases a person's rows", async () => {
    const row = await oldAccepted('CLERK-FIND');
    const notSupervisor = /clara is not a Feed Desk supervisor: only supervisors find, export and erase/;
    await expect(clerk.privacy.find({ email: 'clerk-find@example.com' })).rejects.toThrow(notSupervisor);
    await expect(clerk.privacy.rows([row.id])).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(clerk.privacy.erase([row.id], 'asked to')).rejects.toThrow(notSupervisor);
    expect((await clerk.get(row.id))?.payload.email).toBe('clerk-find@example.com');
    expect((await supervisor.privacy.find({ email: 'CLERK-FIND@example.com' })).map((r) => r.id)).toEqual([row.id]);
    expect(await supervisor.privacy.erase([row.id], 'erasure request')).toBe(1);
    expect((await clerk.history(row.id)).at(-1)).toMatchObject({
      actor: 'sam',
      note: 'personal details erased: erasure request',
    });
  });

  it('an erasure scrubs a review note that quotes the person, and is no review of its own', async () => {
    const row = await oldAccepted('REVIEWED-1');
    const surname = (await clerk.get(row.id))!.payload.surname!;
    expect(await supervisor.markReviewed([row.id], `spoke to ${surname.toUpperCase()} about it`)).toBe(1);
    const reviewed = await office.sql(
      'owner',
      'SELECT reviewed_by, reviewed_at FROM feed_desk.submissions WHERE id = $1',
      [row.id],
    );
    const linesBefore = (await clerk.history(row.id)).length;
    expect(await supervisor.privacy.erase([row.id], 'erasure request')).toBe(1);
    const after = await office.sql(
      'owner',
      'SELECT reviewed_by, reviewed_at, review_note FROM feed_desk.submissions WHERE id = $1',
      [row.id],
    );
    expect(after.rows[0]).toEqual({ ...reviewed.rows[0], review_note: 'spoke to [removed] about it' });
    const history = await clerk.history(row.id);
    expect(history).toHaveLength(linesBefore + 1);
    expect(history.map((h) => h.note)).toContain('reviewed: spoke to [removed] about it');
    expect(history.at(-1)).toMatchObject({ note: 'personal details erased: erasure request' });
  });

  it('removes the same personal fields as the app lists', async () => {
    const result = await office.sql('owner', 'SELECT feed_desk.personal_fields() AS f');
    expect((result.rows[0] as { f: string[] }).f).toEqual([...PERSONAL_FIELDS]);
  });
});
