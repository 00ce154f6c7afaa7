// Corrections in the office journal: a clerk corrects only the rows that clerk queued; a
// supervisor may correct anyone's; nothing is queued when the correction is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitCorrection } from '@main/sending/correction-submit';
import { JournalStateError, OfficePermissionError } from '@main/journal/errors';
import type { JournalStore, SendOutcome } from '@main/journal/store';
import { entry, queued, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

const LEASE = { owner: 'desk', ms: 30_000 };
const REJECTED: SendOutcome = {
  state: 'rejected',
  code: 'invalid',
  message: 'refused',
  httpStatus: 400,
  fields: null,
  nextAttemptAt: null,
};

describeOfficeOnly('office journal: who may correct a rejected row', () => {
  let office: Office;
  let clara: JournalStore;
  let cody: JournalStore;
  let supervisor: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    clara = await office.open('clerk');
    cody = await office.open('clerk2');
    supervisor = await office.open('supervisor');
  }, 60_000);
  afterAll(() => office?.stop());

  /** A row the store's user queued and the service refused. */
  async function rejected(store: JournalStore, reference: string) {
    const row = await queued(store, entry(reference));
    const claimed = (await store.claim(row.id, LEASE))!;
    return (await store.recordOutcome(claimed, LEASE.owner, REJECTED)).row;
  }

  it('another clerk can neither link to nor submit a correction of a row clara queued; nothing is queued', async () => {
    const original = await rejected(clara, 'CR-CLARA');
    const before = (await supervisor.list({})).total;
    let submitted = 0;
    const attempt = submitCorrection(cody, { corrects: original.id, kind: 'entry', profile: 'Sandbox' }, () => {
      submitted += 1;
      return Promise.resolve({ ok: false, code: 'no-profile', message: 'never called' });
    });
    await expect(attempt).rejects.toBeInstanceOf(JournalStateError);
    expect(submitted).toBe(0);
    expect((await supervisor.list({})).total).toBe(before);

    const own = await queued(cody, entry('CR-CODY'));
    await expect(cody.linkCorrection(own.id, original.id)).rejects.toBeInstanceOf(OfficePermissionError);
    expect((await supervisor.get(own.id))?.corrects).toBeNull();
    expect((await supervisor.get(original.id))?.state).toBe('rejected');
  });

  it('clara corrects her own row; a supervisor may correct anyone’s, the history naming the desk', async () => {
    const mine = await rejected(clara, 'CR-OWN');
    const fix = await queued(clara, entry('CR-OWN-FIXED'));
    await clara.linkCorrection(fix.id, mine.id);
    const claimed2 = (await clara.claim(fix.id, LEASE))!;
    await clara.recordOutcome(claimed2, LEASE.owner, {
      state: 'accepted',
      recordid: 9001,
      message: 'ok',
      httpStatus: 201,
    });
    expect(await clara.get(mine.id)).toMatchObject({ state: 'superseded', supersededBy: fix.id });
    expect((await clara.history(mine.id)).at(-1)).toMatchObject({
      toState: 'superseded',
      actor: "system (clara's desk)",
      note: `superseded by #${fix.id}`,
    });

    const hers = await rejected(clara, 'CR-SUP');
    const bySupervisor = await queued(supervisor, entry('CR-SUP-FIXED'));
    await supervisor.linkCorrection(bySupervisor.id, hers.id);
    const claimed3 = (await supervisor.claim(bySupervisor.id, LEASE))!;
    await supervisor.recordOutcome(claimed3, LEASE.owner, {
      state: 'accepted',
      recordid: 9002,
      message: 'ok',
      httpStatus: 201,
    });
    expect(await clara.get(hers.id)).toMatchObject({ state: 'superseded', supersededBy: bySupervisor.id });
  });
});
