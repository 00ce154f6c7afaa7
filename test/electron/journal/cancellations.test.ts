import { afterEach, expect, it } from 'vitest';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { DEFAULT_CANCELLATION_FIELDS } from '@shared/profile/cancellation-fields';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { testDesktop } from '@test/support/desktop';
import { sampleInput } from '@test/support/service';
import { describeEachStore } from '@test/support/stores';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const today = new Date().toISOString().slice(0, 10);

describeEachStore('cancellations, against the sandbox', (store) => {
  async function start(options: Parameters<typeof startCoreRig>[0] = {}) {
    rig = await startCoreRig({ store, ...options });
    const dispatch = createDispatch(createHandlers(rig.core, testDesktop().desktop));
    return { r: rig, dispatch };
  }
  async function acceptedEntry(r: CoreRig, reference = 'ORIG-1') {
    const queued = await r.core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error('not queued');
    const sent = await r.core.pipeline.send(queued.row.id);
    expect(sent).toMatchObject({ state: 'accepted' });
    return sent!;
  }
  const cancel = (recordid: number | string, extra: Record<string, string> = {}) => ({
    profile: 'Sandbox',
    input: { recordid: String(recordid), cancellation_date: today, reason: 'Customer withdrew', ...extra },
  });

  it('a cancellation of an accepted entry is accepted and linked both ways; a second one for the recordid warns', async () => {
    const { r, dispatch } = await start();
    const entry = await acceptedEntry(r);
    const answer = await dispatch('cancellations:submit', cancel(entry.recordid!, { reference: 'ORIG-1' }));
    expect(answer).toMatchObject({ ok: true, data: { kind: 'cancellation', state: 'accepted' } });
    const cancellation = (answer as { data: { id: number; recordid: number } }).data;
    expect(r.sandbox.records.at(-1)).toMatchObject({ kind: 'cancellation', recordid: cancellation.recordid });
    const ofEntry = await dispatch('journal:get', { id: entry.id });
    expect(ofEntry).toMatchObject({ ok: true, data: { links: [{ id: cancellation.id, kind: 'cancellation' }] } });
    const ofCancellation = await dispatch('journal:get', { id: cancellation.id });
    expect(ofCancellation).toMatchObject({
      ok: true,
      data: {
        row: { originalRecordid: entry.recordid },
        links: [{ id: entry.id, kind: 'entry', recordid: entry.recordid }],
      },
    });
    const again = await dispatch('cancellations:submit', cancel(entry.recordid!, { reason: 'Asked twice' }));
    expect(again).toMatchObject({
      ok: false,
      error: {
        code: 'duplicate',
        duplicate: { id: cancellation.id, surname: entry.surname, postcode: entry.payload.postcode },
      },
    });
    const confirmed = await dispatch('cancellations:submit', {
      ...cancel(entry.recordid!, { reason: 'Asked twice' }),
      confirmDuplicate: true,
    });
    expect(confirmed).toMatchObject({ ok: true, data: { state: 'accepted' } });
  });

  it('an extra field the profile marks personal is removed by an erasure, as the personal fields are', async () => {
    const { r, dispatch } = await start();
    const sandbox = r.core.profiles.get('Sandbox')!;
    r.core.profiles.put({
      ...sandbox,
      cancellation: {
        ...sandbox.cancellation,
        fields: [
          ...sandbox.cancellation.fields,
          { name: 'caller_name', wire: 'caller_name', label: 'Caller', type: 'text', required: false, personal: true },
        ],
      },
    });
    const entry = await acceptedEntry(r);
    const answer = await dispatch('cancellations:submit', cancel(entry.recordid!, { caller_name: 'Mr Ashgrove' }));
    // The sandbox knows no such part and refuses it: a settled row all the same, and it holds the name.
    expect(answer).toMatchObject({ ok: true, data: { state: 'rejected', payload: { caller_name: 'Mr Ashgrove' } } });
    const { id } = (answer as { data: { id: number } }).data;
    expect(await dispatch('privacy:erase', { ids: [id], reason: 'asked by Mr Ashgrove' })).toMatchObject({
      ok: true,
      data: { erased: 1 },
    });
    const row = (await r.core.journal.get(id))!;
    expect(row.payload).toMatchObject({ caller_name: '', reason: 'Customer withdrew' });
    expect((await r.core.journal.history(id)).at(-1)?.note).toBe('personal details erased: asked by [removed]');
  });

  it('an unknown recordid is rejected with the service’s message at the recordid field', async () => {
    const { r, dispatch } = await start();
    await acceptedEntry(r);
    const answer = await dispatch('cancellations:submit', cancel(999_999));
    expect(answer).toMatchObject({
      ok: true,
      data: { state: 'rejected', errorFields: { recordid: 'No such record' } },
    });
  });

  it('fields renamed on the wire arrive under their new names; fields left out are not sent', async () => {
    const { r, dispatch } = await start({
      cancellation: { path: '/v2/cancel', wire: { reason: 'cancel_reason', policy: null } },
    });
    const sandbox = r.core.profiles.get('Sandbox')!;
    r.core.profiles.put({
      ...sandbox,
      cancellation: {
        path: '/v2/cancel',
        fields: DEFAULT_CANCELLATION_FIELDS.map((f) =>
          f.name === 'reason' ? { ...f, wire: 'cancel_reason' } : f.name === 'policy' ? { ...f, wire: null } : f,
        ),
      },
    });
    const entry = await acceptedEntry(r);
    const answer = await dispatch('cancellations:submit', cancel(entry.recordid!));
    expect(answer).toMatchObject({ ok: true, data: { state: 'accepted' } });
    const parts = new Map(r.sandbox.records.at(-1)!.parts);
    expect(parts.get('cancel_reason')).toBe('Customer withdrew');
    expect(parts.has('reason')).toBe(false);
    expect(parts.has('policy')).toBe(false);
  });

  it('faults follow the journal’s state rules: 502 after storing → unknown, 503 → failed and retried, 400 → rejected', async () => {
    const { r, dispatch } = await start();
    const entry = await acceptedEntry(r);
    const states: string[] = [];
    for (const [i, fault] of [
      { kind: 'status', status: 502, store: true },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 400 },
    ].entries()) {
      r.sandbox.faults.add({ target: 'cancellation', fault: fault as never });
      const answer = await dispatch('cancellations:submit', {
        ...cancel(entry.recordid!, { reason: `R${i}` }),
        confirmDuplicate: true,
      });
      states.push((answer as { data: { state: string } }).data.state);
    }
    expect(states).toEqual(['unknown', 'failed', 'rejected']);
    r.core.outbox.start();
    await r.core.outbox.drain();
    const { rows } = await r.core.journal.list({ kind: 'cancellation', sort: 'id', direction: 'asc' });
    // The 503's automatic retry asks the duplicate question: the first cancellation of that recordid
    // is unknown (the service may hold it), so the retry is held for a person, not sent.
    expect(rows.map((x) => x.state)).toEqual(['unknown', 'failed', 'rejected']);
    expect(rows[1]).toMatchObject({ nextAttemptAt: null });
    expect((await r.core.journal.history(rows[1]!.id)).at(-1)?.note).toBe(
      `held: possible duplicate of #${rows[0]!.id}`,
    );
  });
});
