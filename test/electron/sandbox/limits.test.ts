import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { bearer, entryParts, fillerBody, manyParts, rawExchange, streamBody } from './helpers';

const MiB = 1024 * 1024;
const BOUNDARY = 'sandboxLimitTest';
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const partHead = (name: string) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n`;
/** 200 MiB in one part, or in 200 parts each just under the 1 MiB part limit. */
const bigBodies = [
  ['one 200 MiB part', () => fillerBody(200 * MiB, partHead('description'), `\r\n--${BOUNDARY}--\r\n`)],
  ['200 parts of 1 MiB', () => manyParts(BOUNDARY, 200, MiB - 100)],
] as const;
/**
 * Most a client can have sent when the server stopped reading: what the server read (up to the
 * 4 MiB cap) plus both sockets' kernel buffers. Far below the 200 MiB bodies sent.
 */
const BUFFERS = 32 * MiB;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('sandbox reads no body before checking the token', () => {
  it.each(bigBodies)(
    'answers a 200 MiB upload (%s) with no token with 401 while it is still being sent',
    async (_, body) => {
      const result = await streamBody(sandbox.url, '/v1/feed/createentry', multipartHeaders, body());
      expect(result.status).toBe(401);
      expect(result.writtenAtAnswer).toBeGreaterThan(0);
      expect(result.writtenAtAnswer).toBeLessThan(BUFFERS);
      expect(result.written).toBeLessThan(BUFFERS);
      expect(JSON.parse(result.body)).toMatchObject({ error: 'invalid_token' });
    },
  );

  it('refuses a declared 200 MiB cancellation with a made-up token before reading it', async () => {
    const result = await streamBody(
      sandbox.url,
      '/v1/feed/createcancellation',
      { ...multipartHeaders, authorization: 'Bearer made-up', 'content-length': String(200 * MiB) },
      fillerBody(200 * MiB),
    );
    expect(result.status).toBe(401);
    expect(result.written).toBeLessThan(BUFFERS);
  });
});

describe('sandbox caps the multipart body', () => {
  it.each(bigBodies)('answers 413 naming the limit when an authorised upload (%s) passes 4 MiB', async (_, body) => {
    const before = sandbox.records.length;
    const auth = await bearer(sandbox.url);
    const result = await streamBody(
      sandbox.url,
      '/v1/feed/createentry',
      { ...multipartHeaders, authorization: auth },
      body(),
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ message: expect.stringContaining('4 MiB') as unknown });
    expect(result.written).toBeLessThan(BUFFERS);
    expect(sandbox.records.length).toBe(before);
  });

  it('answers 413 at once for a declared Content-Length over the limit, on the token endpoint too', async () => {
    const result = await streamBody(
      sandbox.url,
      '/v1/access_token',
      { ...multipartHeaders, 'content-length': String(5 * MiB) },
      fillerBody(5 * MiB),
    );
    expect(result.status).toBe(413);
    expect(result.body).toContain('4 MiB');
  });

  it('still takes an ordinary entry after refusing', async () => {
    const body = new FormData();
    for (const [n, v] of entryParts()) body.append(n, v);
    const res = await fetch(`${sandbox.url}/v1/feed/createentry`, {
      method: 'POST',
      headers: { authorization: await bearer(sandbox.url) },
      body,
    });
    expect(res.status).toBe(201);
  });
});

describe('sandbox caps control bodies', () => {
  it.each(['/_sandbox/faults', '/_sandbox/settings'])(
    'answers 413 naming 64 KiB for a 200 MiB POST to %s',
    async (path) => {
      const result = await streamBody(
        sandbox.url,
        path,
        { 'content-type': 'application/json' },
        fillerBody(200 * MiB, '{"x":"', '"}'),
      );
      expect(result.status).toBe(413);
      expect(result.body).toContain('64 KiB');
      expect(result.written).toBeLessThan(BUFFERS);
    },
  );

  it('still reads a control body under the limit', async () => {
    const res = await fetch(`${sandbox.url}/_sandbox/settings`, { method: 'POST', body: '{"latencyMs":0}' });
    expect(res.status).toBe(200);
  });
});

describe('sandbox server timeouts and connection limit', () => {
  it('closes a connection whose headers do not arrive within headersTimeout, with 408', async () => {
    const slow = await startSandbox({ headersTimeoutMs: 300, requestTimeoutMs: 2_000 });
    try {
      const { data, closedAfterMs } = await rawExchange(
        slow.url,
        'POST /v1/access_token HTTP/1.1\r\nHost: x\r\n',
        5_000,
      );
      expect(data).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAfterMs).toBeGreaterThanOrEqual(250);
      expect(closedAfterMs).toBeLessThan(2_000);
    } finally {
      await slow.close();
    }
  });

  it('closes a request whose body does not arrive within requestTimeout, with 408', async () => {
    const slow = await startSandbox({ headersTimeoutMs: 200, requestTimeoutMs: 500 });
    try {
      const head =
        'POST /v1/access_token HTTP/1.1\r\nHost: x\r\n' +
        `content-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: 1000\r\n\r\n${partHead('grant_type')}`;
      const { data, closedAfterMs } = await rawExchange(slow.url, head, 5_000);
      expect(data).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAfterMs).toBeGreaterThanOrEqual(450);
      expect(closedAfterMs).toBeLessThan(3_000);
    } finally {
      await slow.close();
    }
  });

  it('uses default limits: headers 10 s, request 30 s, 128 connections', async () => {
    const { SERVER_LIMITS } = await import('../../../electron/sandbox/server');
    expect(SERVER_LIMITS).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 128 });
  });

  it('closes connections beyond maxConnections at once and takes new ones when one ends', async () => {
    const small = await startSandbox({ maxConnections: 2 });
    const held: Socket[] = [];
    try {
      const { hostname, port } = new URL(small.url);
      const request = 'GET /_sandbox/records HTTP/1.1\r\nHost: x\r\n\r\n';
      for (let i = 0; i < 2; i += 1) {
        const socket = connect(Number(port), hostname);
        held.push(socket);
        // A full answer proves the server has accepted and counted this connection; it stays open.
        await new Promise<void>((resolve) => {
          socket.once('data', () => resolve());
          socket.write(request);
        });
      }
      const third = await rawExchange(small.url, request, 2_000);
      expect(third.data).toBe('');
      expect(third.closedAfterMs).toBeGreaterThanOrEqual(0);
      expect(third.closedAfterMs).toBeLessThan(1_000);

      held.pop()?.destroy();
      let fourth = { data: '', closedAfterMs: -1 };
      for (let attempt = 0; attempt < 20 && !fourth.data; attempt += 1) {
        await new Promise((r) => setTimeout(r, 50));
        fourth = await rawExchange(
          small.url,
          'GET /_sandbox/records HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
          2_000,
        );
      }
      expect(fourth.data).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const socket of held) socket.destroy();
      await small.close();
    }
  });
});
