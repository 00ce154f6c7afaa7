import { afterEach, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { startRetention } from '@main/core/retention-timer';
import { createSqliteStore } from '@main/journal/sqlite/store';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { describeEachStore } from '@test/support/stores';
import { testDesktop } from '@test/support/desktop';
import { sampleInput } from '@test/support/service';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** Submits and sends one entry for this customer. */
async function sent(r: CoreRig, reference: string, surname: string, postcode: string) {
  const queued = await r.core.pipeline.submit({
    kind: 'entry',
    input: sampleInput({ reference, surname, postcode, email: `${surname.toLowerCase()}@example.com` }),
    profile: 'Sandbox',
  });
  if (!queued.ok) throw new Error(JSON.stringify(queued));
  return (await r.core.pipeline.send(queued.row.id))!;
}

describeEachStore("IPC: a person's data and retention", (store) => {
  it('finds, exports through the save dialog, erases with a reason, and sets and applies the rule', async () => {
    rig = await startCoreRig({ store });
    const shell = testDesktop();
    const dispatch = createDispatch(createHandlers(rig.core, shell.desktop));
    const call = async (channel: string, request: unknown = {}) => {
      const answer = await dispatch(channel, request);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
      return answer.data as never;
    };
    const first = await sent(rig, 'P-1', 'Quennell', 'LS1 4AP');
    const second = await sent(rig, 'P-2', 'Quennell', 'LS1 4AP');
    await sent(rig, 'P-3', 'Quennell', 'LS2 7EE');

    const found: { rows: Array<{ id: number; email: string; state: string }> } = await call('privacy:find', {
      surname: 'quennell',
      postcode: 'ls14ap',
    });
    expect(found.rows.map((r) => [r.id, r.email, r.state])).toEqual([
      [first.id, 'quennell@example.com', 'accepted'],
      [second.id, 'quennell@example.com', 'accepted'],
    ]);

    const exported: { path: string; rows: number } = await call('privacy:export', {
      ids: [first.id, second.id],
      format: 'json',
    });
    expect(exported).toEqual({ path: shell.saved[0], rows: 2 });
    expect(shell.saved[0]).toMatch(/feed-desk-person-\d{4}-\d\d-\d\d\.json$/);
    const file = JSON.parse(readFileSync(exported.path, 'utf8')) as { rows: Array<{ payload: { surname: string } }> };
    expect(file.rows.map((r) => r.payload.surname)).toEqual(['Quennell', 'Quennell']);

    const noReason = await dispatch('privacy:erase', { ids: [first.id], reason: '  ' });
    expect(noReason).toMatchObject({ ok: false, error: { code: 'invalid', fields: { reason: expect.any(String) } } });
    expect(await call('privacy:erase', { ids: [first.id], reason: 'erasure request 3' })).toEqual({ erased: 1 });
    const detail: { history: Array<{ note: string | null }>; row: { payload: Record<string, string> } } = await call(
      'journal:get',
      { id: first.id },
    );
    expect(detail.history.at(-1)?.note).toBe('personal details erased: erasure request 3');
    expect(detail.row.payload).toMatchObject({ surname: '', postcode: '', reference: 'P-1' });

    expect(await call('privacy:retention')).toEqual({ days: null, setBy: null, setAt: null, mayChange: true });
    expect(await dispatch('privacy:setRetention', { days: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(await call('privacy:setRetention', { days: 90 })).toMatchObject({ days: 90, mayChange: true });
    expect(await call('privacy:purge')).toEqual({ removed: 0 });
    expect(await call('privacy:setRetention', { days: null })).toMatchObject({ days: null });
  });
});

it('the app applies the rule at start and on each round until stopped; a clerk desk leaves it to the database', async () => {
  const path = join(tempHome(), 'journal.sqlite3');
  const journal = createSqliteStore(path, 'desk-user');
  try {
    /** An accepted row created three days ago. */
    const oldRow = async (reference: string) => {
      const payload = { reference, surname: `Timmons${reference}`, email: 't@example.com' };
      const { row } = await journal.queue(
        { kind: 'entry', profile: 'S', operator: 'x', payload, payloadHash: reference },
        true,
      );
      const claimed = (await journal.claim(row!.id, { owner: 't', ms: 60_000 }))!;
      await journal.recordOutcome(claimed, 't', { state: 'accepted', recordid: 1, message: 'ok', httpStatus: 201 });
      const raw = new Database(path);
      raw.prepare('UPDATE submissions SET created_at = ? WHERE id = ?').run('2020-01-01T00:00:00.000Z', row!.id);
      raw.close();
      return row!.id;
    };
    const kept = async (id: number) => (await journal.get(id))!.payload.surname !== '';
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 20));
    };
    await journal.privacy.setRetention(1);
    const atStart = await oldRow('A');
    const errors: Error[] = [];
    const stop = startRetention(journal, (err) => errors.push(err), 100);
    await until(async () => !(await kept(atStart)));
    expect(await kept(atStart)).toBe(false);
    const nextRound = await oldRow('B');
    await until(async () => !(await kept(nextRound)));
    expect(await kept(nextRound)).toBe(false);
    stop();
    const afterStop = await oldRow('C');
    await new Promise((r) => setTimeout(r, 350));
    expect(await kept(afterStop)).toBe(true);
    expect(errors).toEqual([]);

    // A clerk of an office journal: no run at all (the office database would refuse it anyway).
    const asClerk = { ...journal, location: { kind: 'office', label: 'x', user: 'clara', role: 'clerk' } } as const;
    startRetention(asClerk, (err) => errors.push(err), 50)();
    await new Promise((r) => setTimeout(r, 150));
    expect(await kept(afterStop)).toBe(true);
  } finally {
    await journal.close();
  }
});
