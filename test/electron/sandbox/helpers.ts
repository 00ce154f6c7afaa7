import { request } from 'node:http';
import { connect } from 'node:net';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../../electron/sandbox/tokens';

/** The demo credentials as token request parts. */
export const goodCredentials = [
  ['grant_type', 'client_credentials'],
  ['client_id', SANDBOX_CLIENT_ID],
  ['client_secret', SANDBOX_CLIENT_SECRET],
] as const;

/** A valid createentry body, written out here so sandbox tests do not depend on the client's encoder. */
export function entryParts(): Array<[string, string]> {
  return [
    ['account_code', 'ACME01'],
    ['reference', 'REF-1'],
    ['surname', 'Smith'],
    ['postcode', 'LS1 4AP'],
    ['policy', 'FURN-PLUS'],
    ['total_value', '1299.50'],
    ['policy_premium', '89.99'],
    ['purchase_date', '2026-11-02'],
  ];
}

/** Parts as a multipart FormData. */
export function form(parts: ReadonlyArray<readonly [string, string]>): FormData {
  const body = new FormData();
  for (const [n, v] of parts) body.append(n, v);
  return body;
}

/** A fresh "Bearer …" header value from the sandbox at `url`. */
export async function bearer(url: string): Promise<string> {
  const res = await fetch(`${url}/v1/access_token`, { method: 'POST', body: form(goodCredentials) });
  const body = (await res.json()) as { access_token: string };
  return `Bearer ${body.access_token}`;
}

/** POSTs parts to a sandbox path, with an Authorization header when given. */
export function post(url: string, path: string, auth: string | undefined, parts = entryParts()): Promise<Response> {
  return fetch(url + path, { method: 'POST', headers: auth ? { authorization: auth } : {}, body: form(parts) });
}

/** What a streamed upload saw: the answer, and how far the upload had got when it came. */
export interface StreamResult {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes the client had handed to its socket when the answer arrived (-1: no answer). */
  writtenAtAnswer: number;
  /** Bytes the client handed to its socket in all. */
  written: number;
}

/** A generated body of about `total` bytes: head, filler, tail; nothing is held in memory. */
export function* fillerBody(total: number, head = '', tail = ''): Generator<Buffer> {
  const filler = Buffer.alloc(64 * 1024, 'a');
  yield Buffer.from(head);
  for (let sent = 0; sent < total; sent += filler.length) yield filler;
  yield Buffer.from(tail);
}

/** A generated multipart body of `count` text parts of `size` bytes each (one filler buffer reused). */
export function* manyParts(boundary: string, count: number, size: number): Generator<Buffer> {
  const filler = Buffer.alloc(size, 'a');
  for (let i = 0; i < count; i += 1) {
    yield Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="part${i}"\r\n\r\n`);
    yield filler;
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

/**
 * Streams a generated body with backpressure, so bytes written track bytes the server read plus
 * socket buffers. Stops writing once an answer comes.
 */
export function streamBody(
  url: string,
  path: string,
  headers: Record<string, string>,
  chunks: Iterable<Buffer>,
): Promise<StreamResult> {
  const { hostname, port } = new URL(url);
  const result: StreamResult = { status: 0, body: '', headers: {}, writtenAtAnswer: -1, written: 0 };
  return new Promise((resolve) => {
    const req = request({ host: hostname, port, path, method: 'POST', headers, agent: false }, (res) => {
      result.status = res.statusCode ?? 0;
      result.headers = res.headers;
      result.writtenAtAnswer = result.written;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (result.body += chunk));
      res.on('end', () => resolve(result));
      res.on('error', () => resolve(result));
    });
    req.on('error', () => {
      if (result.writtenAtAnswer < 0) resolve(result);
    });
    const waitForDrain = () =>
      new Promise<void>((next) => {
        const done = () => {
          req.off('drain', done);
          req.off('close', done);
          next();
        };
        req.on('drain', done);
        req.on('close', done);
      });
    const pump = async () => {
      for (const chunk of chunks) {
        if (result.writtenAtAnswer >= 0 || req.destroyed) return;
        result.written += chunk.length;
        if (!req.write(chunk)) await waitForDrain();
      }
      if (!req.destroyed && result.writtenAtAnswer < 0) req.end();
    };
    void pump();
  });
}

/** Raw bytes over a fresh TCP connection: what came back, and when the server closed it. */
export function rawExchange(
  url: string,
  text: string,
  waitMs: number,
): Promise<{ data: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    let data = '';
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ data, closedAfterMs: -1 });
    }, waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ data, closedAfterMs: Date.now() - started });
    });
  });
}
