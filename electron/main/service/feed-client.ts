import { successRecordSchema, type SuccessRecord } from '@shared/service/schemas';
import { joinUrl } from '@shared/profile/base-url';
import type { WirePart } from '@shared/entry/wire';
import { AuthenticationError, HttpError, NetworkError, ProtocolError, isServiceError } from './errors';
import { postMultipart, type PostOptions, type RawResponse } from './http';
import type { TokenProvider } from './token-provider';
import type { Redactor } from './redact';

/** Path of the create-entry operation (spec endpoint 2). */
export const CREATE_ENTRY_PATH = '/v1/feed/createentry';

/** The two feed operations; both resolve to the service's success record or throw a service error. */
export interface FeedClient {
  createEntry(parts: readonly WirePart[]): Promise<SuccessRecord>;
  createCancellation(path: string, parts: readonly WirePart[]): Promise<SuccessRecord>;
}

export interface FeedClientOptions extends PostOptions {
  baseUrl: string;
  tokens: TokenProvider;
  /** Removes the connection's secret and tokens from anything the service says. */
  redactor: Redactor;
}

function readSuccess(res: RawResponse, redact: (text: string) => string): SuccessRecord {
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new ProtocolError(`The service answered ${res.status} but its body is not JSON`, res.status);
  }
  const parsed = successRecordSchema.safeParse(body);
  if (!parsed.success) {
    throw new ProtocolError(`The service answered ${res.status} without status 1 and a record id`, res.status);
  }
  return { ...parsed.data, message: redact(parsed.data.message) };
}

/**
 * A failure to get a token means the feed request never left: never "may have been applied".
 * A 429/503 from the token endpoint keeps its status and Retry-After (retried when it asks).
 */
function tokenFailure(err: unknown): unknown {
  if (!isServiceError(err) || err.name === 'AuthenticationError') return err;
  if (err.name === 'HttpError' && (err.status === 429 || err.status === 503)) return err;
  return new NetworkError(`Could not obtain an access token (${err.message}); the entry was not sent`);
}

const refused = (res: RawResponse) => res.status === 401 || res.status === 403;

/** Creates the feed client: bearer token on every call, one replay after a 401/403 with a fresh token. */
export function createFeedClient(options: FeedClientOptions): FeedClient {
  async function postWithToken(url: string, parts: readonly WirePart[]): Promise<{ res: RawResponse; token: string }> {
    const token = await options.tokens.get().catch((err: unknown) => {
      throw tokenFailure(err);
    });
    return { res: await postMultipart(options, url, parts, { authorization: `Bearer ${token}` }), token };
  }

  const httpError = (res: RawResponse) => new HttpError(res.status, res.body, res.retryAfter, options.redactor.redact);

  async function post(path: string, parts: readonly WirePart[]): Promise<SuccessRecord> {
    const url = joinUrl(options.baseUrl, path);
    let { res, token } = await postWithToken(url, parts);
    if (refused(res)) {
      options.tokens.invalidate(token);
      ({ res, token } = await postWithToken(url, parts));
      if (refused(res)) {
        options.tokens.invalidate(token);
        throw new AuthenticationError(`${httpError(res).message} (after a fresh token)`);
      }
    }
    if (res.status === 201) return readSuccess(res, options.redactor.redact);
    if (res.status >= 200 && res.status < 300) {
      throw new ProtocolError(`The service answered ${res.status} instead of 201 Created`, res.status);
    }
    throw httpError(res);
  }
  return {
    createEntry: (parts) => post(CREATE_ENTRY_PATH, parts),
    createCancellation: (path, parts) => post(path, parts),
  };
}
