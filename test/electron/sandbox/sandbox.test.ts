import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../../electron/sandbox/tokens';
import { entryParts as sampleParts } from './helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

function form(parts: ReadonlyArray<readonly [string, string]>): FormData {
  const body = new FormData();
  for (const [n, v] of parts) body.append(n, v);
  return body;
}

async function token(parts: ReadonlyArray<readonly [string, string]>) {
  const res = await fetch(`${sandbox.url}/v1/access_token`, { method: 'POST', body: form(parts) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const good = [
  ['grant_type', 'client_credentials'],
  ['client_id', SANDBOX_CLIENT_ID],
  ['client_secret', SANDBOX_CLIENT_SECRET],
] as const;

describe('sandbox token endpoint', () => {
  it('issues a Bearer token with expires_in for the demo credentials', async () => {
    const { status, body } = await token(good);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(String(body.access_token)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('answers 400 for a missing part or another grant type, 401 for a wrong secret', async () => {
    expect((await token(good.slice(1))).status).toBe(400);
    expect((await token([['grant_type', 'password'], ...good.slice(1)])).status).toBe(400);
    expect((await token([...good.slice(0, 2), ['client_secret', 'nope']])).status).toBe(401);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await fetch(`${sandbox.url}/v1/access_token`, {
      method: 'POST',
      body: new URLSearchParams(Object.fromEntries(good)),
    });
    expect(res.status).toBe(400);
  });
});

describe('sandbox createentry', () => {
  async function bearer() {
    return `Bearer ${String((await token(good)).body.access_token)}`;
  }
  const post = (path: string, auth: string | undefined, parts: ReadonlyArray<readonly [string, string]>) =>
    fetch(sandbox.url + path, { method: 'POST', headers: auth ? { authorization: auth } : {}, body: form(parts) });

  it('requires a valid Bearer token', async () => {
    expect((await post('/v1/feed/createentry', undefined, sampleParts())).status).toBe(401);
    expect((await post('/v1/feed/createentry', 'Bearer made-up', sampleParts())).status).toBe(401);
  });

  it('stores a valid entry and answers 201 with increasing recordids', async () => {
    const auth = await bearer();
    const a = (await (await post('/v1/feed/createentry', auth, sampleParts())).json()) as Record<string, number>;
    const b = (await (await post('/v1/feed/createentry', auth, sampleParts())).json()) as Record<string, number>;
    expect(a).toMatchObject({ status: 1, message: 'Record created' });
    expect(b.recordid).toBe((a.recordid ?? 0) + 1);
  });

  it('answers 400 naming unknown, repeated, missing and malformed fields', async () => {
    const auth = await bearer();
    const parts = [
      ...sampleParts().filter(([n]) => n !== 'surname' && n !== 'total_seats'),
      ['total_seats', 'two'],
      ['shoe_size', '9'],
      ['policy', 'again'],
    ] as const;
    const res = await post('/v1/feed/createentry', auth, parts);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown }).errors).toEqual({
      surname: 'Required',
      total_seats: 'Must be a whole number',
      shoe_size: 'Unknown field',
      policy: 'Sent more than once',
    });
  });

  it('accepts a cancellation for a stored record only', async () => {
    const auth = await bearer();
    const { recordid } = (await (await post('/v1/feed/createentry', auth, sampleParts())).json()) as {
      recordid: number;
    };
    const cancel = (id: string) =>
      [
        ['recordid', id],
        ['account_code', 'ACME01'],
        ['reference', 'REF-1'],
        ['policy', 'FURN-PLUS'],
        ['cancellation_date', '2026-11-22'],
        ['reason', 'Customer changed their mind'],
      ] as const;
    const ok = await post('/v1/feed/createcancellation', auth, cancel(String(recordid)));
    expect(ok.status).toBe(201);
    const bad = await post('/v1/feed/createcancellation', auth, cancel('999'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: unknown }).errors).toEqual({ recordid: 'No such record' });
  });

  it('can be steered over its control endpoints', async () => {
    const auth = await bearer();
    const queued = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ target: 'entry', fault: { kind: 'status', status: 503 } }),
    });
    expect(queued.status).toBe(204);
    expect((await post('/v1/feed/createentry', auth, sampleParts())).status).toBe(503);
    expect((await post('/v1/feed/createentry', auth, sampleParts())).status).toBe(201);
    const records = (await (await fetch(`${sandbox.url}/_sandbox/records`)).json()) as unknown[];
    expect(records.length).toBe(sandbox.records.length);
    const badFault = await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'POST', body: '{"target":"x"}' });
    expect(badFault.status).toBe(400);
  });
});
