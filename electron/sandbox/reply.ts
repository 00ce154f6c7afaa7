import type { IncomingMessage, ServerResponse } from 'node:http';

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
  const close = bodyPending(res.req) ? { connection: 'close' } : {};
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
    ...close,
    ...headers,
  });
  res.end(text);
}
