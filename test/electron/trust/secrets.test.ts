import { testDesktop } from '@test/support/desktop';
import { afterEach, describe, expect, it } from 'vitest';
import { openCore, type Core } from '@main/core/core';
import { createCredentialStore } from '@main/credentials/keychain';
import { createDispatch, type Dispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { SANDBOX_CLIENT_SECRET } from '../../../electron/sandbox/tokens';
import type { Result } from '@shared/ipc/result';
import { tempHome } from '@test/support/core';
import { memoryKeytar } from '@test/support/memory-keytar';
import { startServer, type TestServer } from '@test/support/proxy';
import { sampleInput } from '@test/support/service';

const SECRET = 'prod-secret-7c1e9b';

/** A token endpoint that records every request body it receives and issues a token to anyone. */
async function recordingService() {
  const bodies: string[] = [];
  const server = await startServer((req, body, res) => {
    bodies.push(body.toString('utf8'));
    const isToken = (req.url ?? '').endsWith('/v1/access_token');
    res.writeHead(isToken ? 200 : 201, { 'content-type': 'application/json' });
    res.end(
      isToken
        ? JSON.stringify({ token_type: 'Bearer', access_token: 'tok-abcdef123456', expires_in: 600 })
        : JSON.stringify({ status: 1, message: 'Record created', recordid: 7 }),
    );
  });
  return Object.assign(server, { bodies, saw: (text: string) => bodies.some((b) => b.includes(text)) });
}

let servers: TestServer[] = [];
let core: Core | undefined;
afterEach(async () => {
  await core?.close();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  core = undefined;
});

async function desk(env: NodeJS.ProcessEnv = {}): Promise<{ core: Core; dispatch: Dispatch }> {
  core = await openCore({
    home: tempHome(),
    sandboxUrl: () => undefined,
    env,
    credentials: createCredentialStore(() => memoryKeytar()),
    retry: { baseMs: 10, capMs: 10, maxAttempts: 1 },
  });
  return { core, dispatch: createDispatch(createHandlers(core, testDesktop().desktop)) };
}

async function ok<T = unknown>(answer: Promise<Result<unknown>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(`expected ok: ${JSON.stringify(result)}`);
  return result.data as T;
}

describe('a stored secret stays with the origin it was saved for (item 1)', () => {
  it('editing the base URL to another host leaves no secret; Test connection sends none there', async () => {
    const prod = await recordingService();
    const evil = await recordingService();
    servers.push(prod, evil);
    const { dispatch } = await desk();
    await ok(dispatch('profiles:save', { profile: { name: 'Prod', baseUrl: prod.url } }));
    await ok(dispatch('credentials:save', { profile: 'Prod', clientId: 'prod-client', clientSecret: SECRET }));
    await ok(dispatch('connection:test', { profile: 'Prod' }));
    expect(prod.saw(SECRET)).toBe(true);

    const view = await ok<{ hasSecret: boolean }>(
      dispatch('profiles:save', { profile: { name: 'Prod', baseUrl: evil.url }, previousName: 'Prod' }),
    );
    expect(view.hasSecret).toBe(false);
    const test = await dispatch('connection:test', { profile: 'Prod' });
    expect(test).toMatchObject({ ok: false, error: { code: 'auth' } });
    expect(JSON.stringify(test)).toMatch(/No client credentials are saved for profile Prod/);
    expect(evil.bodies).toEqual([]);

    // Back to the original host: the secret was dropped, not hidden, so it must be entered again.
    await ok(dispatch('profiles:save', { profile: { name: 'Prod', baseUrl: prod.url }, previousName: 'Prod' }));
    expect(
      (await ok<{ profiles: Array<{ hasSecret: boolean }> }>(dispatch('profiles:list', {}))).profiles[1]?.hasSecret,
    ).toBe(false);
  });

  it('a rename keeps the secret on the same origin and carries it; a rename to another host drops it', async () => {
    const prod = await recordingService();
    const evil = await recordingService();
    servers.push(prod, evil);
    const { dispatch } = await desk();
    await ok(dispatch('profiles:save', { profile: { name: 'Prod', baseUrl: prod.url } }));
    await ok(dispatch('credentials:save', { profile: 'Prod', clientId: 'prod-client', clientSecret: SECRET }));
    await ok(
      dispatch('profiles:save', { profile: { name: 'Live', baseUrl: `${prod.url}/api` }, previousName: 'Prod' }),
    );
    await ok(dispatch('connection:test', { profile: 'Live' }));
    expect(prod.bodies.filter((b) => b.includes(SECRET))).toHaveLength(1);
    await ok(dispatch('profiles:save', { profile: { name: 'Elsewhere', baseUrl: evil.url }, previousName: 'Live' }));
    expect(await dispatch('connection:test', { profile: 'Elsewhere' })).toMatchObject({ ok: false });
    expect(evil.bodies).toEqual([]);
  });

  it('an import never overwrites a profile: a taken name comes in under a new name, with no secret', async () => {
    const prod = await recordingService();
    const evil = await recordingService();
    servers.push(prod, evil);
    const { core, dispatch } = await desk();
    await ok(dispatch('profiles:save', { profile: { name: 'Prod', baseUrl: prod.url } }));
    await ok(dispatch('credentials:save', { profile: 'Prod', clientId: 'prod-client', clientSecret: SECRET }));
    const json = JSON.stringify({ version: 1, profiles: [{ name: 'Prod', baseUrl: evil.url }] });
    const { imported } = await ok<{ imported: Array<{ name: string; from: string }> }>(
      dispatch('profiles:import', { json }),
    );
    expect(imported).toEqual([{ name: 'Prod imported', from: 'Prod' }]);
    expect(core.profiles.get('Prod')?.baseUrl).toBe(prod.url);
    expect(await dispatch('connection:test', { profile: 'Prod imported' })).toMatchObject({ ok: false });
    await ok(dispatch('connection:test', { profile: 'Prod' }));
    expect(evil.bodies).toEqual([]);
  });
});

describe('environment credentials apply only to the profile FEED_DESK_PROFILE names (item 3)', () => {
  it('are not sent to another profile, nor used for the Sandbox one', async () => {
    const other = await recordingService();
    servers.push(other);
    const env = { FEED_DESK_PROFILE: 'Batch', FEED_DESK_CLIENT_ID: 'env-client', FEED_DESK_CLIENT_SECRET: SECRET };
    const { core } = await desk(env);
    core.profiles.put({ name: 'Other', baseUrl: other.url });
    core.profiles.put({ name: 'Batch', baseUrl: other.url });
    const send = async (profile: string) => {
      const queued = await core.pipeline.submit({ kind: 'entry', input: sampleInput({ reference: profile }), profile });
      if (!queued.ok) throw new Error('not queued');
      return core.pipeline.send(queued.row.id);
    };
    expect(await send('Other')).toMatchObject({ state: 'failed', errorCode: 'credentials' });
    expect(other.saw(SECRET)).toBe(false);
    expect(await send('Batch')).toMatchObject({ state: 'accepted', recordid: 7 });
    expect(other.saw(SECRET)).toBe(true);
    expect(other.saw(SANDBOX_CLIENT_SECRET)).toBe(false);
  });

  it('two data folders keep separate keychain items for profiles of the same name', async () => {
    const keytar = memoryKeytar();
    const app = createCredentialStore(() => keytar, '/home/clerk/.config/Feed Desk');
    const scratch = createCredentialStore(() => keytar, '/tmp/feed-desk-try');
    const live = { name: 'Live', baseUrl: 'https://feed.example' } as Parameters<typeof app.save>[0];
    await app.save(live, { clientId: 'c', clientSecret: SECRET });
    await scratch.save(live, { clientId: 'c', clientSecret: 'scratch-secret' });
    await scratch.delete('Live');
    expect(await app.read(live)).toEqual({ clientId: 'c', clientSecret: SECRET });
    expect(await scratch.read(live)).toBeUndefined();
  });
});
