import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedactor } from '@main/service/redact';
import { createDispatcher } from '@main/service/http';
import { createTokenProvider, renewAfterMs } from '@main/service/token-provider';
import { isServiceError, outcomeOf, type AnyServiceError } from '@main/service/errors';
import { SANDBOX_CLIENT_SECRET } from '../../../electron/sandbox/tokens';
import { clientFor, sampleParts, startRig, type Rig } from '@test/support/service';
import { countingProxy } from '@test/support/proxy';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function failure(promise: Promise<unknown>): Promise<AnyServiceError> {
  try {
    await promise;
  } catch (err) {
    if (isServiceError(err)) return err;
    throw err;
  }
  throw new Error('expected a service error');
}

describe('token handling', () => {
  it('reuses one token across submits', async () => {
    rig = await startRig();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await rig.feed.createEntry(sampleParts({ reference: `R${i}` }))).recordid);
    expect(ids).toEqual([100001, 100002, 100003]);
    expect(rig.sandbox.tokens.issued).toBe(1);
    expect(rig.tokens.requests).toBe(1);
  });

  it('renews the token once it nears expiry', async () => {
    rig = await startRig({ tokenLifetimeSec: 1 });
    await rig.feed.createEntry(sampleParts());
    await new Promise((r) => setTimeout(r, 600));
    await rig.feed.createEntry(sampleParts({ reference: 'R2' }));
    expect(rig.sandbox.tokens.issued).toBe(2);
  });

  it('renews 60 s before expiry, or at half-life for short tokens; missing expires_in means 300 s', async () => {
    expect(renewAfterMs(3600)).toBe(3_540_000);
    expect(renewAfterMs(100)).toBe(50_000);
    rig = await startRig({ omitExpiresIn: true });
    let clock = 0;
    const tokens = createTokenProvider({
      baseUrl: rig.sandbox.url,
      dispatcher: createDispatcher(),
      timeoutMs: 5000,
      redactor: createRedactor(),
      now: () => clock,
      credentials: async () => ({ clientId: 'feed-desk-demo', clientSecret: SANDBOX_CLIENT_SECRET }),
    });
    const first = await tokens.get();
    clock = 239_000;
    expect(await tokens.get()).toBe(first);
    clock = 240_000;
    expect(await tokens.get()).not.toBe(first);
    expect(tokens.requests).toBe(2);
  });

  it('makes exactly one token request for 20 concurrent submits', async () => {
    rig = await startRig({ latencyMs: 20 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rig!.feed.createEntry(sampleParts({ reference: `C${i}` }))),
    );
    expect(new Set(results.map((r) => r.recordid)).size).toBe(20);
    expect(rig.sandbox.tokens.issued).toBe(1);
  });

  it('replays once with a fresh token after a 401', async () => {
    rig = await startRig();
    await rig.feed.createEntry(sampleParts());
    rig.sandbox.tokens.revokeAll();
    const record = await rig.feed.createEntry(sampleParts({ reference: 'after-revoke' }));
    expect(record.recordid).toBe(100002);
    expect(rig.sandbox.tokens.issued).toBe(2);
    expect(rig.sandbox.records).toHaveLength(2);
  });

  it('reports an authentication error after a second 401, having sent the entry exactly twice', async () => {
    rig = await startRig();
    const sends: string[] = [];
    const proxy = await countingProxy(rig.sandbox.url, (url) => sends.push(url));
    rig.sandbox.faults.add({ target: 'entry', times: 3, fault: { kind: 'status', status: 401 } });
    const { dispatcher, feed } = clientFor(proxy.url, {
      clientId: 'feed-desk-demo',
      clientSecret: SANDBOX_CLIENT_SECRET,
    });
    const err = await failure(feed.createEntry(sampleParts()));
    await dispatcher.close();
    await proxy.close();
    expect(err.name).toBe('AuthenticationError');
    expect(outcomeOf(err)).toMatchObject({ state: 'failed', code: 'credentials', retry: false });
    expect(sends.filter((u) => u === '/v1/feed/createentry')).toHaveLength(2);
    expect(rig.sandbox.records).toHaveLength(0);
  });

  it('reports bad client credentials as an authentication error', async () => {
    rig = await startRig({ secret: 'wrong-secret-value-123' });
    const err = await failure(rig.feed.createEntry(sampleParts()));
    expect(err.name).toBe('AuthenticationError');
    expect(err.message).toMatch(/Not authorised/);
    expect(JSON.stringify({ message: err.message, stack: err.stack })).not.toContain('wrong-secret-value-123');
  });
});

describe('failure classification against the sandbox', () => {
  it('400 → rejected, with the field messages the service named', async () => {
    rig = await startRig();
    const parts = sampleParts().map(([n, v]) => (n === 'total_value' ? ([n, '12,00'] as const) : ([n, v] as const)));
    const err = await failure(rig.feed.createEntry(parts));
    expect(err.name).toBe('HttpError');
    if (err.name !== 'HttpError') return;
    expect(err.status).toBe(400);
    expect(err.summary.fields).toEqual({ total_value: 'Must be a decimal with two places' });
    expect(outcomeOf(err)).toMatchObject({ state: 'rejected', code: 'rejected', retry: false });
  });

  it('a timeout after sending → unknown, and the sandbox did store it', async () => {
    rig = await startRig({ timeoutMs: 300 });
    await rig.tokens.get();
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'hang', store: true } });
    const err = await failure(rig.feed.createEntry(sampleParts()));
    expect(err.name).toBe('NoAnswerError');
    expect(outcomeOf(err).state).toBe('unknown');
    expect(rig.sandbox.records).toHaveLength(1);
  });

  it('a connection dropped after the body was sent → unknown', async () => {
    rig = await startRig();
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'drop', when: 'after-store' } });
    const err = await failure(rig.feed.createEntry(sampleParts()));
    expect(err.name).toBe('NoAnswerError');
    expect(err.mayHaveBeenApplied).toBe(true);
  });

  it('a 201 with a garbage body → protocol error, may have been applied', async () => {
    rig = await startRig();
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'garbage' } });
    const err = await failure(rig.feed.createEntry(sampleParts()));
    expect(err.name).toBe('ProtocolError');
    expect(outcomeOf(err).state).toBe('unknown');
  });

  it.each([
    [500, 'unknown', false],
    [502, 'unknown', false],
    [504, 'unknown', false],
    [503, 'failed', true],
    [429, 'failed', true],
  ] as const)('HTTP %i → %s (retried automatically: %s)', async (status, state, retry) => {
    rig = await startRig();
    rig.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status } });
    const err = await failure(rig.feed.createEntry(sampleParts()));
    expect(outcomeOf(err)).toMatchObject({ state, retry });
  });

  it('connection refused → network error, nothing sent', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    const { dispatcher, feed } = clientFor(`http://127.0.0.1:${port}`, { clientId: 'a', clientSecret: 'b' }, 2000);
    const err = await failure(feed.createEntry(sampleParts()));
    await dispatcher.close();
    expect(err.name).toBe('NetworkError');
    expect(outcomeOf(err)).toMatchObject({ state: 'failed', code: 'network', retry: true });
  });

  it('a non-JSON error page → its status and the first 500 characters of text', async () => {
    const page = `<html>${'Service down. '.repeat(60)}</html>`;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const isToken = req.url === '/v1/access_token';
        res.writeHead(isToken ? 200 : 400, { 'content-type': isToken ? 'application/json' : 'text/html' });
        res.end(isToken ? JSON.stringify({ token_type: 'Bearer', access_token: 'tok', expires_in: 60 }) : page);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { dispatcher, feed } = clientFor(base, { clientId: 'a', clientSecret: 'b' }, 2000);
    const err = await failure(feed.createEntry([]));
    await dispatcher.close();
    await new Promise((r) => server.close(r));
    expect(err.name).toBe('HttpError');
    expect(err.message).toContain('400');
    expect(err.message).toContain('Service down. '.repeat(20));
    expect(err.message.length).toBeLessThan(600);
  });
});

describe('what leaves the client', () => {
  it('sends the token only in the Authorization header, never in a URL', async () => {
    const seen: Array<{ url: string; auth: string | undefined }> = [];
    rig = await startRig();
    const proxy = await countingProxy(rig.sandbox.url, (url, auth) => seen.push({ url, auth }));
    const { dispatcher, tokens, feed } = clientFor(
      proxy.url,
      { clientId: 'feed-desk-demo', clientSecret: SANDBOX_CLIENT_SECRET },
      2000,
    );
    await feed.createEntry(sampleParts());
    const token = await tokens.get();
    await dispatcher.close();
    await proxy.close();
    expect(seen.map((s) => s.url)).toEqual(['/v1/access_token', '/v1/feed/createentry']);
    expect(seen[0]?.auth).toBeUndefined();
    expect(seen[1]?.auth).toBe(`Bearer ${token}`);
    for (const s of seen) expect(s.url).not.toContain(token);
  });
});
