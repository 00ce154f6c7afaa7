import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server for tests; `url` is its base URL. */
export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Starts a loopback server with a handler that receives the whole request body. */
export async function startServer(
  handler: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void | Promise<void>,
): Promise<TestServer> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    await handler(req, Buffer.concat(chunks), res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Forwards every request to `target` and tells `seen` about each one (its URL and Authorization header). */
export function countingProxy(
  target: string,
  seen: (url: string, auth: string | undefined) => void,
): Promise<TestServer> {
  return startServer(async (req, body, res) => {
    seen(req.url ?? '', req.headers.authorization);
    const upstream = await fetch(target + (req.url ?? ''), {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '', authorization: req.headers.authorization ?? '' },
      body: new Uint8Array(body),
    });
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(await upstream.text());
  });
}
