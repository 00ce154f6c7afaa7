// The desktop backend (the core the app's IPC handlers use) while the office database restarts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openCore, type Core } from '@main/core/core';
import { publishEvents } from '@main/ipc/events';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import { startSandbox, type Sandbox } from '../../../../electron/sandbox/server';
import { tempHome } from '@test/support/core';
import { storedReference } from '@test/support/import-files';
import { startPostgres, type TestPostgres } from '@test/support/postgres';
import { sampleInput } from '@test/support/service';
import { describeOfficeOnly } from '@test/support/stores';

let server: TestPostgres;
let sandbox: Sandbox;
let core: Core;

describeOfficeOnly('the desktop backend rides out an office database restart', () => {
  beforeAll(async () => {
    server = await startPostgres({ durable: true });
    await officeInit(server.ownerUrl);
    await addUser(server.ownerUrl, 'desk_clerk', 'clerk', 'desk-clerk-pw');
    sandbox = await startSandbox();
    const url = server.url('desk_clerk', 'desk-clerk-pw');
    core = await openCore({
      home: tempHome('feed-desk-desk-restart-'),
      journal: () => createPostgresStore({ url }),
      sandboxUrl: () => sandbox.url,
      concurrency: 4,
    });
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await sandbox?.close();
    await server?.stop();
  });

  it('200 entries, the database down for 2 s mid-way: each accepted once, none left sending or unknown; the page hears of it', async () => {
    const health: boolean[] = [];
    const stop = publishEvents(core, (event, payload) => {
      if (event === 'journal:health') health.push((payload as { reachable: boolean }).reachable);
    });
    for (let i = 0; i < 200; i += 1) {
      const queued = await core.pipeline.submit({
        kind: 'entry',
        input: sampleInput({ reference: `DESK-${i}` }),
        profile: 'Sandbox',
      });
      if (!queued.ok) throw new Error(`not queued: ${JSON.stringify(queued)}`);
    }
    sandbox.faults.add({ target: 'entry', times: 10_000, fault: { kind: 'latency', ms: 25 } });
    const before = sandbox.records.length;
    const drained = core.outbox.drain();
    while (sandbox.records.length - before < 40) await new Promise((r) => setTimeout(r, 10));
    await server.restart(2_000);
    await drained;
    sandbox.faults.clear();
    stop();

    const { rows, total } = await core.journal.list({ limit: 500 });
    expect(total).toBe(200);
    expect(rows.filter((r) => r.state !== 'accepted')).toEqual([]);
    const stored = sandbox.records.slice(before).map(storedReference);
    expect(stored).toHaveLength(200);
    expect(new Set(stored).size).toBe(200);
    expect(health).toEqual([false, true]);

    // Live updates resume: a change committed now reaches the desk's listeners (LISTEN reconnected).
    const heard: number[] = [];
    const stopListening = core.journal.onChange((row) => heard.push(row.id));
    const after = await core.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'DESK-AFTER' }),
      profile: 'Sandbox',
    });
    if (!after.ok) throw new Error('not queued');
    const deadline = Date.now() + 10_000;
    while (!heard.includes(after.row.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    stopListening();
    expect(heard).toContain(after.row.id);
  }, 120_000);
});
