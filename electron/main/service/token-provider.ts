import { DEFAULT_EXPIRES_IN, tokenResponseSchema } from '@shared/service/schemas';
import { joinUrl } from '@shared/profile/base-url';
import { AuthenticationError, HttpError, ProtocolError } from './errors';
import { postMultipart, type PostOptions } from './http';
import type { Redactor } from './redact';

/** Client credentials as read from the keychain (or the sandbox's demo pair). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Hands out bearer tokens; holds at most one, in memory only. */
export interface TokenProvider {
  /** A valid token: cached, or fetched with one request however many callers wait. */
  get(): Promise<string>;
  /** Forgets the token if it is still the one given (after a 401/403 on a feed call). */
  invalidate(token: string): void;
  /** How many token requests were made (for diagnostics and tests). */
  readonly requests: number;
}

export interface TokenProviderOptions extends PostOptions {
  baseUrl: string;
  /** Learns the secret and each token, and removes them from anything the service says. */
  redactor: Redactor;
  credentials: () => Promise<ClientCredentials>;
  now?: () => number;
}

/** When to renew: 60 s before expiry, or at half-life when the lifetime is under two minutes. */
export function renewAfterMs(expiresInSec: number): number {
  const lifetime = expiresInSec * 1000;
  return Math.max(lifetime - 60_000, lifetime / 2);
}

/** Creates the one place tokens are fetched, cached, renewed and dropped. */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const now = options.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;
  let requests = 0;

  async function fetchToken(): Promise<string> {
    const { clientId, clientSecret } = await options.credentials();
    options.redactor.remember(clientSecret);
    requests += 1;
    const started = now();
    const url = joinUrl(options.baseUrl, '/v1/access_token');
    const parts = [
      ['grant_type', 'client_credentials'],
      ['client_id', clientId],
      ['client_secret', clientSecret],
    ] as const;
    const res = await postMultipart(options, url, parts, {});
    if ([400, 401, 403].includes(res.status)) {
      throw new AuthenticationError(new HttpError(res.status, res.body, null, options.redactor.redact).message);
    }
    if (res.status !== 200) throw new HttpError(res.status, res.body, res.retryAfter, options.redactor.redact);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new ProtocolError('The token endpoint answered 200 with a body that is not JSON', 200);
    }
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success) throw new ProtocolError('The token endpoint answered 200 without a usable token', 200);
    const expiresIn = parsed.data.expires_in ?? DEFAULT_EXPIRES_IN;
    options.redactor.remember(parsed.data.access_token);
    cached = { token: parsed.data.access_token, renewAt: started + renewAfterMs(expiresIn) };
    return parsed.data.access_token;
  }

  return {
    get() {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
    get requests() {
      return requests;
    },
  };
}
