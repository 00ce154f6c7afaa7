import { testDesktop } from '@test/support/desktop';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { openCore } from '@main/core/core';
import { removeProfile, saveProfile } from '@main/core/profile-actions';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { Outbox } from '@main/sending/outbox';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { sampleInput } from '@test/support/service';
import { openDeskDatabase } from '@test/support/desk-journal';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const queue = async (r: CoreRig, profile: string, reference: string) => {
  const queued = await r.core.pipeline.submit({ kind: 'entry', input: sampleInput({ reference }), profile });
  if (!queued.ok) throw new Error(`not queued: ${JSON.stringify(queued)}`);
  return queued.row;
};

describe('rows of a renamed or removed profile are never stuck (item 8)', () => {
  it('a rename carries queued rows along, and they are sent', async () => {
    rig = await startCoreRig();
    rig.core.profiles.put({ name: 'Prod', baseUrl: 'https://feed.example' });
    const row = await queue(rig, 'Prod', 'R-1');
    await saveProfile(rig.core, { name: 'Production', baseUrl: 'https://feed.example' }, 'Prod');
    expect((await rig.core.journal.get(row.id))?.profile).toBe('Production');
  });

  it('removal is refused while the profile has rows to send or decide, saying how many', async () => {
    rig = await startCoreRig();
    rig.core.profiles.put({ name: 'Prod', baseUrl: 'https://feed.example' });
    await queue(rig, 'Prod', 'R-1');
    await queue(rig, 'Prod', 'R-2');
    await expect(removeProfile(rig.core, 'Prod')).rejects.toThrow(
      /still has submissions to send or decide \(2 queued\)/,
    );
    expect(rig.core.profiles.get('Prod')).toBeDefined();
  });

  it('rows that cannot be sent (their profile is gone) never block later rows, and drain() ends', async () => {
    rig = await startCoreRig();
    rig.core.profiles.put({ name: 'Gone', baseUrl: 'https://feed.example' });
    // More orphans than the outbox looks at at once, queued before a good row.
    for (let i = 0; i < 12; i += 1) await queue(rig, 'Gone', `ORPHAN-${i}`);
    // Another connection to the same file, as a stale row left by an older Feed Desk would be.
    const file = await openDeskDatabase(rig.home);
    file.prepare(`UPDATE submissions SET profile = 'Deleted long ago' WHERE profile = 'Gone'`).run();
    file.close();
    const good = await queue(rig, 'Sandbox', 'GOOD');
    const drained = await Promise.race([
      rig.core.outbox.drain().then(() => 'drained'),
      new Promise((r) => setTimeout(() => r('stuck'), 5000)),
    ]);
    expect(drained).toBe('drained');
    expect(await rig.core.journal.get(good.id)).toMatchObject({ state: 'accepted' });
  });

  it('drain() does not end while a timed look is claiming the row it was waiting for', async () => {
    rig = await startCoreRig();
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503, retryAfter: 1 } });
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'latency', ms: 800 } });
    const row = await queue(rig, 'Sandbox', 'LATE-LOOK');
    expect(await rig.core.pipeline.send(row.id)).toMatchObject({ state: 'failed' });
    const journal = rig.core.journal;
    let slowed = false;
    // drain()'s first question about the next retry answers late: by then the outbox's own timer (due
    // in a second) has claimed the row and is sending it, so the journal has no failed row left to wait for.
    const slow = new Proxy(journal, {
      get(target, key, receiver) {
        if (key !== 'nextRetryAt') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof journal.nextRetryAt>) => {
          const caller = new Error().stack?.split('\n')[2] ?? '';
          if (!slowed && caller.includes('Outbox.drain')) {
            slowed = true;
            await new Promise((r) => setTimeout(r, 1500));
          }
          return target.nextRetryAt(...args);
        };
      },
    });
    const outbox = new Outbox({ journal: slow, pipeline: rig.core.pipeline, concurrency: 1 });
    await outbox.drain();
    outbox.pause();
    expect(slowed).toBe(true);
    expect(await journal.get(row.id)).toMatchObject({ state: 'accepted', attempts: 2 });
  });
});

describe('quitting waits for sends in flight from any screen (item 9)', () => {
  it('close() during a New entry submit lets the answer arrive and be recorded', async () => {
    rig = await startCoreRig({ latencyMs: 600 });
    const dispatch = createDispatch(createHandlers(rig.core, testDesktop().desktop));
    const submitting = dispatch('entries:submit', { profile: 'Sandbox', input: sampleInput() as never });
    await new Promise((r) => setTimeout(r, 150));
    await rig.core.close();
    const answer = await submitting;
    expect(answer).toMatchObject({ ok: true, data: { state: 'accepted' } });
    const db = await openDeskDatabase(rig.home);
    expect(db.prepare('SELECT state FROM submissions').all()).toEqual([{ state: 'accepted' }]);
    db.close();
    expect(rig.sandbox.records).toHaveLength(1);
    await rig.sandbox.close();
    rig = undefined;
  });

  it('close() gives up after its limit; the row is left to expire into unknown, never lost', async () => {
    rig = await startCoreRig({ latencyMs: 3000 });
    const home = rig.home;
    const core = await openCore({ home, sandboxUrl: () => rig!.sandbox.url, closeWaitMs: 200, leaseMs: 300 });
    const queued = await core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'SLOW' }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error('not queued');
    const sending = core.pipeline.send(queued.row.id).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await core.close();
    expect(Date.now() - started).toBeLessThan(1500);
    await sending;
    await new Promise((r) => setTimeout(r, 400));
    const again = await openCore({ home, sandboxUrl: () => undefined });
    expect((await again.journal.get(queued.row.id))?.state).toBe('unknown');
    await again.close();
  });
});

/** Runs the race child: it queues the same entries as its twin, as fast as it can. */
function racer(home: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/run-ts.mjs', 'test/support/race-child.ts', home, String(count)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c) => (err += String(c)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(err))));
  });
}

describe('the duplicate check and the insert are one transaction (item 10)', () => {
  it('two processes queueing the same entries at once store each entry once', async () => {
    // A new data folder: the two also race to create the journal's schema.
    const home = tempHome();
    await Promise.all([racer(home, 400), racer(home, 400)]);
    const db = await openDeskDatabase(home);
    const doubled = db
      .prepare('SELECT reference, count(*) AS n FROM submissions GROUP BY reference HAVING n > 1')
      .all() as Array<{ reference: string; n: number }>;
    const total = (db.prepare('SELECT count(*) AS n FROM submissions').get() as { n: number }).n;
    db.close();
    expect(doubled).toEqual([]);
    expect(total).toBe(400);
  }, 60_000);
});
