import { Agent, fetch, type Dispatcher } from 'undici';
import { NetworkError, NoAnswerError } from './errors';
import type { WirePart } from '@shared/entry/wire';
import { multipartBody } from './multipart';

/** A keep-alive connection pool; idle sockets close before a typical server's 5 s keep-alive does. */
export function createDispatcher(): Dispatcher {
  return new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000, connections: 32 });
}

/**
 * Status, Retry-After and body of a response, read whole so the socket returns to the pool. The
 * body is as received: it reaches a person only through HttpError, which redacts what it reads.
 */
export interface RawResponse {
  status: number;
  body: string;
  retryAfter: string | null;
}

const NOTHING_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function causeCode(err: unknown): string {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur instanceof Error; i += 1) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    cur = cur.cause;
  }
  return '';
}

/** Maps a fetch failure to "nothing sent" or "sent, no answer"; messages never carry request data. */
export function classifyFetchFailure(err: unknown, url: string): NetworkError | NoAnswerError {
  const host = new URL(url).host;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new NoAnswerError(`No answer from ${host} before the time limit`);
  }
  const code = causeCode(err);
  if (err instanceof Error && err.cause instanceof Error && err.cause.message === 'bad port') {
    return new NetworkError(`${host} uses a port the HTTP client refuses to connect to; nothing was sent`);
  }
  if (NOTHING_SENT.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL')) {
    return new NetworkError(`Could not reach ${host} (${code}); nothing was sent`);
  }
  return new NoAnswerError(`The connection to ${host} was lost before an answer came${code ? ` (${code})` : ''}`);
}

/** How a connection posts: its pool and time limit. */
export interface PostOptions {
  dispatcher: Dispatcher;
  timeoutMs: number;
}

/** POSTs text parts as multipart/form-data and returns the whole answer, or throws a network/no-answer error. */
export async function postMultipart(
  options: PostOptions,
  url: string,
  parts: readonly WirePart[],
  headers: Record<string, string>,
): Promise<RawResponse> {
  const { dispatcher, timeoutMs } = options;
  const { body, contentType } = multipartBody(parts);
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: { accept: 'application/json', 'content-type': contentType, ...headers },
      dispatcher,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after') };
  } catch (err) {
    throw classifyFetchFailure(err, url);
  }
}
