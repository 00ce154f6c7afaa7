// The submission pipeline on its own: a real SQLite journal and a real sandbox, no core around it.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore } from '@main/journal/store';
import { backoffMs, createPipeline, type Pipeline, type RetryPolicy } from '@main/sending/pipeline';
import { profileSchema, type Profile } from '@shared/profile/schema';
import { tempHome } from '@test/support/core';
import { sampleInput, startRig, type Rig } from '@test/support/service';

const RETRY: RetryPolicy = { baseMs: 1_000, capMs: 4_000, maxAttempts: 2 };

let rig: Rig;
let journal: JournalStore;
let profile: Profile;
let pipeline: Pipeline;

beforeEach(async () => {
  rig = await startRig();
  journal = createSqliteStore(join(tempHome('feed-desk-pipeline-'), 'journal.sqlite3'), 'clerk');
  // Surname optional here, so an entry without one reaches the service, which requires it.
  profile = profileSchema.parse({
    name: 'Desk',
    baseUrl: rig.sandbox.url,
    fieldRules: { surname: { required: false } },
  });
  pipeline = createPipeline({
    journal,
    profile: (name) => (name === profile.name ? profile : undefined),
    profiles: () => [profile],
    connection: (p) => ({ profile: p, baseUrl: rig.sandbox.url, tokens: rig.tokens, feed: rig.feed }),
    operator: 'clerk',
    lease: { owner: 'pipeline-test', ms: 60_000 },
    retry: RETRY,
  });
});

afterEach(async () => {
  const idle = await pipeline.idle(5_000);
  await journal.close();
  await rig.close();
  // Every send here is awaited: nothing may still be running.
  expect(idle).toBe(true);
});

const queued = async (input = sampleInput()) => {
  const result = await pipeline.submit({ kind: 'entry', input, profile: 'Desk' });
  if (!result.ok) throw new Error(`not queued: ${JSON.stringify(result)}`);
  return result.row;
};

describe('submit', () => {
  it('an invalid entry gives its field errors, and nothing is queued', async () => {
    const result = await pipeline.submit({
      kind: 'entry',
      input: sampleInput({ postcode: 'nowhere', purchase_date: '2026-13-40' }),
      profile: 'Desk',
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { postcode: expect.any(String), purchase_date: expect.any(String) },
    });
    expect((await journal.list({ limit: 10 })).total).toBe(0);
  });

  it('a profile that does not exist is named, and nothing is queued', async () => {
    const result = await pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Gone' });
    expect(result).toEqual({ ok: false, code: 'no-profile', message: 'No profile named Gone' });
    expect((await journal.list({ limit: 10 })).total).toBe(0);
  });

  it('a valid entry is queued as typed; the same entry again is held as a duplicate until confirmed', async () => {
    const first = await queued();
    expect(first).toMatchObject({ state: 'queued', profile: 'Desk', operator: 'clerk', attempts: 0 });
    const again = await pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Desk' });
    expect(again).toMatchObject({ ok: false, code: 'duplicate', duplicate: { id: first.id, state: 'queued' } });
    const confirmed = await pipeline.submit({
      kind: 'entry',
      input: sampleInput(),
      profile: 'Desk',
      confirmDuplicate: true,
    });
    expect(confirmed).toMatchObject({ ok: true, row: { state: 'queued' } });
    expect(confirmed.ok && confirmed.row.id).not.toBe(first.id);
  });
});

describe('send', () => {
  it('201 → accepted, with recordid and one attempt; one record stored', async () => {
    const row = await pipeline.send((await queued()).id);
    expect(row).toMatchObject({ state: 'accepted', recordid: 100001, httpStatus: 201, attempts: 1 });
    expect(row?.nextAttemptAt).toBeNull();
    expect(rig.sandbox.records).toHaveLength(1);
  });

  it('400 → rejected with the service’s field messages, never retried', async () => {
    const row = await pipeline.send((await queued(sampleInput({ surname: '' }))).id);
    expect(row).toMatchObject({ state: 'rejected', httpStatus: 400, errorFields: { surname: 'Required' } });
    expect(row?.nextAttemptAt).toBeNull();
    expect(rig.sandbox.records).toHaveLength(0);
  });

  it('503 → failed, retried after the policy’s backoff, until its attempts are spent', async () => {
    rig.sandbox.faults.add({ target: 'entry', times: 2, fault: { kind: 'status', status: 503 } });
    const id = (await queued()).id;
    const before = Date.now();
    const first = await pipeline.send(id);
    const after = Date.now();
    expect(first).toMatchObject({ state: 'failed', httpStatus: 503, errorCode: 'busy', attempts: 1 });
    // Attempt 1 waits base·[½, 1]: between 500 and 1000 ms.
    const due = Date.parse(first!.nextAttemptAt!);
    expect(due).toBeGreaterThanOrEqual(before + RETRY.baseMs / 2);
    expect(due).toBeLessThanOrEqual(after + RETRY.baseMs);
    const second = await pipeline.send(id);
    expect(second).toMatchObject({ state: 'failed', httpStatus: 503, attempts: 2 });
    // maxAttempts reached: no automatic retry is scheduled.
    expect(second?.nextAttemptAt).toBeNull();
    expect(rig.sandbox.records).toHaveLength(0);
  });
});

describe('backoffMs', () => {
  it('is base·2^(attempts−1), capped, with jitter between half and all of it', () => {
    const low = () => 0;
    const high = () => 1;
    expect(backoffMs(0, RETRY, high)).toBe(1_000);
    expect(backoffMs(1, RETRY, low)).toBe(500);
    expect(backoffMs(1, RETRY, high)).toBe(1_000);
    expect(backoffMs(2, RETRY, high)).toBe(2_000);
    expect(backoffMs(3, RETRY, low)).toBe(2_000);
    expect(backoffMs(3, RETRY, high)).toBe(4_000);
    expect(backoffMs(30, RETRY, high)).toBe(RETRY.capMs);
    expect(backoffMs(30, RETRY, low)).toBe(RETRY.capMs / 2);
    for (let i = 0; i < 50; i += 1) {
      const ms = backoffMs(2, RETRY);
      expect(ms).toBeGreaterThanOrEqual(1_000);
      expect(ms).toBeLessThanOrEqual(2_000);
    }
  });
});
