import { testDesktop } from '@test/support/desktop';
import { afterEach, describe, expect, it } from 'vitest';
import { openCore, type Core } from '@main/core/core';
import { createCredentialStore } from '@main/credentials/keychain';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { tempHome } from '@test/support/core';
import { sampleInput } from '@test/support/service';

// keytar's native module failing to load, as on a machine without libsecret.
const brokenKeytar = () => {
  throw Object.assign(new Error("Cannot find module 'keytar'\nRequire stack:\n- /opt/feed-desk/main.js"), {
    code: 'MODULE_NOT_FOUND',
  });
};

let core: Core | undefined;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await core?.close();
  await sandbox?.close();
  core = sandbox = undefined;
});

describe('without a keychain (item 4)', () => {
  it('the app lists profiles, works on the Sandbox profile, and says the keychain is unavailable', async () => {
    sandbox = await startSandbox();
    const url = sandbox.url;
    core = await openCore({
      home: tempHome(),
      sandboxUrl: () => url,
      credentials: createCredentialStore(brokenKeytar),
    });
    const dispatch = createDispatch(createHandlers(core, testDesktop().desktop));

    const list = await dispatch('profiles:list', {});
    expect(list).toMatchObject({ ok: true, data: { active: 'Sandbox', keychain: { available: false } } });
    expect(JSON.stringify(list)).toMatch(/No OS keychain is available/);
    expect(JSON.stringify(list)).not.toMatch(/Require stack|\/opt\/feed-desk/);

    const saved = await dispatch('profiles:save', { profile: { name: 'Live', baseUrl: 'https://feed.example' } });
    expect(saved).toMatchObject({ ok: true, data: { hasSecret: false } });
    expect(await dispatch('profiles:remove', { name: 'Live' })).toEqual({ ok: true, data: {} });
    expect(core.profiles.get('Live')).toBeUndefined();

    const credentials = await dispatch('credentials:save', { profile: 'Sandbox', clientId: 'a', clientSecret: 'b' });
    expect(credentials.ok).toBe(false);
    const submit = await dispatch('entries:submit', { profile: 'Sandbox', input: sampleInput() as never });
    expect(submit).toMatchObject({ ok: true, data: { state: 'accepted' } });
  });

  it('a submit on a keychain-backed profile ends failed "keychain", not retried, with a plain message', async () => {
    core = await openCore({
      home: tempHome(),
      sandboxUrl: () => undefined,
      credentials: createCredentialStore(brokenKeytar),
      retry: { baseMs: 10, capMs: 10, maxAttempts: 8 },
    });
    core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example' });
    const queued = await core.pipeline.submit({ kind: 'entry', input: sampleInput(), profile: 'Live' });
    if (!queued.ok) throw new Error('not queued');
    const row = await core.pipeline.send(queued.row.id);
    expect(row).toMatchObject({ state: 'failed', errorCode: 'keychain', nextAttemptAt: null, attempts: 1 });
    expect(row?.message).toMatch(/No OS keychain is available/);
    await core.outbox.drain();
    expect(await core.journal.get(queued.row.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });
});
