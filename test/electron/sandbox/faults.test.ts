import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { SANDBOX_CLIENT_SECRET } from '../../../electron/sandbox/tokens';
import { bearer, entryParts, form, goodCredentials, post } from './helpers';

let sandbox: Sandbox;
let auth: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  auth = await bearer(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.faults.clear());

const ENTRY = '/v1/feed/createentry';
const queue = (body: unknown) =>
  fetch(`${sandbox.url}/_sandbox/faults`, { method: 'POST', body: JSON.stringify(body) });

describe('status faults: 429 with Retry-After, gateway errors after storing', () => {
  it('answers 429 with the Retry-After it was given, stores nothing, then answers normally', async () => {
    expect((await queue({ target: 'entry', fault: { kind: 'status', status: 429, retryAfter: 2 } })).status).toBe(204);
    const before = sandbox.records.length;
    const busy = await post(sandbox.url, ENTRY, auth);
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(sandbox.records.length).toBe(before);
    const next = await post(sandbox.url, ENTRY, auth);
    expect(next.status).toBe(201);
    expect(next.headers.get('retry-after')).toBeNull();
  });

  it('sends Retry-After on the token endpoint too', async () => {
    sandbox.faults.add({ target: 'token', fault: { kind: 'status', status: 503, retryAfter: 7 } });
    const res = await fetch(`${sandbox.url}/v1/access_token`, { method: 'POST', body: form(goodCredentials) });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it.each([502, 504])('stores the entry, then answers %i, with store: true', async (status) => {
    sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status, store: true } });
    const before = sandbox.records.length;
    const res = await post(sandbox.url, ENTRY, auth);
    expect(res.status).toBe(status);
    expect(sandbox.records.length).toBe(before + 1);
    expect(sandbox.records.at(-1)?.parts).toContainEqual(['reference', 'REF-1']);
  });

  it.each([502, 504])('answers %i without storing by default', async (status) => {
    sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status } });
    const before = sandbox.records.length;
    expect((await post(sandbox.url, ENTRY, auth)).status).toBe(status);
    expect(sandbox.records.length).toBe(before);
  });

  it('refuses a Retry-After that is not a whole number of seconds', async () => {
    expect((await queue({ target: 'entry', fault: { kind: 'status', status: 429, retryAfter: -1 } })).status).toBe(400);
    expect((await queue({ target: 'entry', fault: { kind: 'status', status: 429, retryAfter: 1.5 } })).status).toBe(
      400,
    );
  });
});

describe('echo fault: a service that quotes the request back', () => {
  it('quotes the token request form, client_secret included, with 400', async () => {
    expect((await queue({ target: 'token', fault: { kind: 'echo' } })).status).toBe(204);
    const res = await fetch(`${sandbox.url}/v1/access_token`, { method: 'POST', body: form(goodCredentials) });
    expect(res.status).toBe(400);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain(`client_secret=${SANDBOX_CLIENT_SECRET}`);
    expect(message).toContain('grant_type=client_credentials');
  });

  it('answers with the status it was given', async () => {
    sandbox.faults.add({ target: 'token', fault: { kind: 'echo', status: 401 } });
    const res = await fetch(`${sandbox.url}/v1/access_token`, { method: 'POST', body: form(goodCredentials) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toContain(SANDBOX_CLIENT_SECRET);
  });

  it('quotes an entry request with its bearer token and stores nothing', async () => {
    sandbox.faults.add({ target: 'entry', fault: { kind: 'echo', status: 422 } });
    const before = sandbox.records.length;
    const res = await post(sandbox.url, ENTRY, auth);
    expect(res.status).toBe(422);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain(`Authorization: ${auth}`);
    expect(message).toContain('reference=REF-1');
    expect(sandbox.records.length).toBe(before);
  });

  it('still checks the token before echoing an entry request', async () => {
    sandbox.faults.add({ target: 'entry', fault: { kind: 'echo' } });
    const res = await post(sandbox.url, ENTRY, 'Bearer made-up');
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('made-up');
  });
});

describe('hang fault', () => {
  it('does not store with store: false', async () => {
    sandbox.faults.add({ target: 'entry', fault: { kind: 'hang', store: false } });
    const before = sandbox.records.length;
    await expect(
      fetch(`${sandbox.url}${ENTRY}`, {
        method: 'POST',
        headers: { authorization: auth },
        body: form(entryParts()),
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(sandbox.records.length).toBe(before);
  });
});
