import { afterEach, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { describeEachStore } from '@test/support/stores';
import { sampleInput } from '@test/support/service';
import type { Fault } from '../../../electron/sandbox/faults';
import { credentialsChanged } from '@main/core/profile-actions';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function submitAndSend(r: CoreRig, input = sampleInput()) {
  const queued = await r.core.pipeline.submit({ kind: 'entry', input, profile: 'Sandbox' });
  if (!queued.ok) throw new Error(`not queued: ${JSON.stringify(queued)}`);
  expect(queued.row.state).toBe('queued');
  const sent = await r.core.pipeline.send(queued.row.id);
  return sent!;
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address() as AddressInfo;
  await new Promise((res) => server.close(res));
  return `http://127.0.0.1:${port}`;
}

describeEachStore('the journal state table, against the sandbox', (store) => {
  it('201 → accepted, with recordid, message and time; exactly one stored', async () => {
    rig = await startCoreRig({ store });
    const row = await submitAndSend(rig);
    expect(row).toMatchObject({
      state: 'accepted',
      recordid: 100001,
      message: 'Record created',
      httpStatus: 201,
      attempts: 1,
    });
    expect(row.finishedAt).not.toBeNull();
    expect(rig.sandbox.records).toHaveLength(1);
    expect((await rig.core.journal.history(row.id)).map((h) => h.toState)).toEqual(['queued', 'sending', 'accepted']);
  });

  it('400 → rejected, with the service’s field messages', async () => {
    rig = await startCoreRig({ store });
    rig.core.profiles.put({ ...rig.core.profiles.get('Sandbox')!, fieldRules: { surname: { required: false } } });
    const row = await submitAndSend(rig, sampleInput({ surname: '' }));
    expect(row).toMatchObject({
      state: 'rejected',
      httpStatus: 400,
      errorCode: 'rejected',
      errorFields: { surname: 'Required' },
    });
    expect(rig.sandbox.records).toHaveLength(0);
  });

  it('401 then success → accepted after one replay', async () => {
    rig = await startCoreRig({ store });
    await submitAndSend(rig, sampleInput({ reference: 'first' }));
    rig.sandbox.tokens.revokeAll();
    const row = await submitAndSend(rig, sampleInput({ reference: 'second' }));
    expect(row.state).toBe('accepted');
    expect(rig.sandbox.records).toHaveLength(2);
  });

  it('connection refused → failed and retried automatically, then accepted once the service is back', async () => {
    rig = await startCoreRig({ store });
    rig.setUrl(await closedPortUrl());
    const row = await submitAndSend(rig);
    expect(row).toMatchObject({ state: 'failed', errorCode: 'network' });
    expect(row.nextAttemptAt).not.toBeNull();
    rig.setUrl(rig.sandbox.url);
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(row.id)).toMatchObject({ state: 'accepted', attempts: 2, recordid: 100001 });
    expect(rig.sandbox.records).toHaveLength(1);
  });

  it('503 then 429 → failed, retried with backoff, then accepted; one stored', async () => {
    rig = await startCoreRig({ store });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503 } });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 429 } });
    const row = await submitAndSend(rig);
    expect(row).toMatchObject({ state: 'failed', httpStatus: 503, errorCode: 'busy' });
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(row.id)).toMatchObject({ state: 'accepted', attempts: 3 });
    expect(rig.sandbox.records).toHaveLength(1);
  });

  it('429 with Retry-After → the next attempt waits as long as the service asked', async () => {
    rig = await startCoreRig({ store });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 429, retryAfter: 2 } });
    const before = Date.now();
    const row = await submitAndSend(rig);
    expect(row).toMatchObject({ state: 'failed', httpStatus: 429, errorCode: 'busy' });
    // The test rig's own backoff is at most 100 ms: only Retry-After explains two seconds.
    expect(Date.parse(row.nextAttemptAt!) - before).toBeGreaterThanOrEqual(2000);
  });

  it.each([502, 504])('%i after the service stored the entry → unknown, never resent: one record', async (status) => {
    rig = await startCoreRig({ store });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status, store: true } });
    const row = await submitAndSend(rig);
    expect(row).toMatchObject({ state: 'unknown', httpStatus: status, errorCode: 'unknown' });
    await rig.core.outbox.drain();
    expect((await rig.core.journal.get(row.id))?.state).toBe('unknown');
    expect(rig.sandbox.records).toHaveLength(1);
  });

  it('credentials refused → failed "credentials", not retried, sent once the credentials change', async () => {
    rig = await startCoreRig({ store });
    rig.sandbox.faults.add({ target: 'token', times: 3, fault: { kind: 'status', status: 401 } });
    const row = await submitAndSend(rig);
    expect(row).toMatchObject({ state: 'failed', errorCode: 'credentials', nextAttemptAt: null });
    expect(row.message).toMatch(/^The service refused the credentials of profile Sandbox/);
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(row.id)).toMatchObject({ state: 'failed', attempts: 1 });
    rig.sandbox.faults.clear();
    credentialsChanged(rig.core, 'Sandbox');
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(row.id)).toMatchObject({ state: 'accepted', attempts: 2 });
    expect(rig.sandbox.records).toHaveLength(1);
  });

  const unknownCases: Array<[string, Fault, number]> = [
    ['500 after storing', { kind: 'status', status: 500, store: true }, 1],
    ['connection dropped after storing', { kind: 'drop', when: 'after-store' }, 1],
    ['connection dropped before storing', { kind: 'drop', when: 'before-store' }, 0],
    ['timeout after the body was sent', { kind: 'hang', store: true }, 1],
    ['a garbage 201', { kind: 'garbage' }, 1],
  ];
  it.each(unknownCases)('%s → unknown, never resent automatically', async (_label, fault, stored) => {
    rig = await startCoreRig({ store });
    rig.core.profiles.put({ ...rig.core.profiles.get('Sandbox')!, requestTimeoutMs: 1000 });
    rig.sandbox.faults.add({ target: 'entry', fault });
    const row = await submitAndSend(rig);
    expect(row).toMatchObject({ state: 'unknown', errorCode: 'unknown' });
    await rig.core.outbox.drain();
    expect((await rig.core.journal.get(row.id))?.state).toBe('unknown');
    expect(rig.sandbox.records).toHaveLength(stored);
  });

  it('an unknown row is resent only when a person says so, recording who and when', async () => {
    rig = await startCoreRig({ store });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'garbage' } });
    const row = await submitAndSend(rig);
    await rig.core.journal.resend(row.id);
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(row.id)).toMatchObject({ state: 'accepted', recordid: 100002 });
    expect(rig.sandbox.records).toHaveLength(2);
    const resend = (await rig.core.journal.history(row.id)).find(
      (h) => h.fromState === 'unknown' && h.actor === rig!.core.journal.location.user,
    );
    expect(resend).toMatchObject({ fromState: 'unknown', toState: 'queued', note: 'resend' });
    expect(Date.parse(resend!.at)).not.toBeNaN();
  });

  it('a cancellation waits while its profile has no path, and is sent through the same journal once it has one', async () => {
    rig = await startCoreRig({ store });
    const original = await submitAndSend(rig);
    const sandbox = rig.core.profiles.get('Sandbox')!;
    rig.core.profiles.put({ ...sandbox, cancellation: { ...sandbox.cancellation, path: null } });
    const input = {
      recordid: String(original.recordid),
      account_code: 'ACME01',
      reference: 'REF-1',
      policy: 'FURN-PLUS',
      cancellation_date: '2026-11-20',
      reason: 'Customer changed their mind',
    };
    const queued = await rig.core.pipeline.submit({ kind: 'cancellation', input, profile: 'Sandbox' });
    if (!queued.ok) throw new Error(`not queued: ${JSON.stringify(queued)}`);
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(queued.row.id)).toMatchObject({ state: 'queued', attempts: 0 });
    rig.core.profiles.put(sandbox);
    await rig.core.outbox.drain();
    expect(await rig.core.journal.get(queued.row.id)).toMatchObject({ state: 'accepted', kind: 'cancellation' });
    expect(rig.sandbox.records.map((r) => r.kind)).toEqual(['entry', 'cancellation']);
  });
});
