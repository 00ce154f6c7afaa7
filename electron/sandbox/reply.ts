import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** True while the request has a body that has not all arrived (and so was not all read). */
function bodyPending(req: IncomingMessage): boolean {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  return hasBody && !req.complete;
}

/**
 * Sends a JSON (or, for a string, HTML) answer. While the request body has not been read to the
 * end the connection is closed after the answer, so an unread body is never pulled off the wire.
 */
export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const pending = bodyPending(res.req);
  const close = pending ? { connection: 'close' } : {};
  if (pending) lingerOnClose(res);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
    ...close,
    ...headers,
  });
  res.end(text);
}

/** How long a connection closed with its body unread still takes (and drops) what was already on the way. */
const LINGER_MS = 500;

/**
 * A lingering close: closing a socket with unread bytes arriving makes the kernel answer with a
 * reset, which can reach the client before the answer it has not read yet, so it sees a reset
 * instead of the 413. Instead the answer is sent and our side half-closed, the bytes already on
 * the way are read and dropped for LINGER_MS (the client stops writing once it has the answer),
 * and only then is the socket destroyed.
 */
function lingerOnClose(res: ServerResponse): void {
  const socket = res.req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
