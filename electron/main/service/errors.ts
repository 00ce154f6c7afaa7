import { summariseErrorBody, type ServiceErrorSummary } from '@shared/service/schemas';

/**
 * The service client's failures. Each says whether the request may have been applied by the
 * service, which decides between "retry automatically" and "a person must look".
 */
abstract class ServiceError extends Error {
  abstract readonly mayHaveBeenApplied: boolean;
}

/** The longest wait a Retry-After is honoured for (a day); a longer one is read as this. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds from now, at most a day. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? null : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** The service answered with a status we do not treat as success (body text already redacted). */
export class HttpError extends ServiceError {
  override readonly name = 'HttpError' as const;
  readonly summary: ServiceErrorSummary;
  /** How long the service asked us to wait (429/503 Retry-After), in ms. */
  readonly retryAfterMs: number | null;
  constructor(
    readonly status: number,
    bodyText: string,
    retryAfter: string | null = null,
    /** The connection's redaction: applied to every string read from the body before it is kept. */
    redact?: (text: string) => string,
  ) {
    const summary = summariseErrorBody(status, bodyText, redact);
    super(summary.message);
    this.summary = summary;
    this.retryAfterMs = retryAfterMs(retryAfter);
  }
  /**
   * Only 503 and 429 (the service refused the work) and 4xx certainly did not store the entry:
   * a 500, or a gateway's 502/504, may come after the service stored it.
   */
  get mayHaveBeenApplied(): boolean {
    return this.status >= 500 && this.status !== 503;
  }
}

/** Nothing reached the service: connection refused, DNS or TLS failure, a port the client refuses. */
export class NetworkError extends ServiceError {
  override readonly name = 'NetworkError' as const;
  readonly mayHaveBeenApplied = false;
}

/** The request went out (or may have) and no complete answer came: timeout or connection dropped. */
export class NoAnswerError extends ServiceError {
  override readonly name = 'NoAnswerError' as const;
  readonly mayHaveBeenApplied = true;
}

/** The service refused our credentials, refused a fresh token twice, or none are saved for this origin. */
export class AuthenticationError extends ServiceError {
  override readonly name = 'AuthenticationError' as const;
  readonly mayHaveBeenApplied = false;
  constructor(
    message: string,
    /** True when none are saved (nothing was asked of the service), false when the service refused them. */
    readonly missing = false,
  ) {
    super(message);
  }
}

/** A success status whose body could not be read as the documented record. */
export class ProtocolError extends ServiceError {
  override readonly name = 'ProtocolError' as const;
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  get mayHaveBeenApplied(): boolean {
    return this.status >= 200 && this.status < 300;
  }
}

/** Any failure of the service client. */
export type AnyServiceError = HttpError | NetworkError | NoAnswerError | AuthenticationError | ProtocolError;

const NAMES = new Set(['HttpError', 'NetworkError', 'NoAnswerError', 'AuthenticationError', 'ProtocolError']);

/** Name-based guard: true for any service client failure. */
export function isServiceError(err: unknown): err is AnyServiceError {
  return err instanceof Error && NAMES.has(err.name);
}

/**
 * Why a send did not end accepted, as recorded in the journal's error_code:
 * rejected (4xx: fix the entry), network (nothing sent), busy (503/429), unknown (may be stored),
 * credentials (refused or missing), keychain (no keychain to read them from).
 */
export type FailureCode = 'rejected' | 'network' | 'busy' | 'unknown' | 'credentials' | 'keychain';

/** The journal state a failure leads to, and whether (and when) it is retried without a person. */
export interface FailureOutcome {
  state: 'rejected' | 'failed' | 'unknown';
  code: FailureCode;
  /** Retried automatically with backoff; false means it waits for new credentials or a person. */
  retry: boolean;
  /** The service's own Retry-After, when it gave one. */
  retryAfterMs: number | null;
}

const outcome = (state: FailureOutcome['state'], code: FailureCode, retry = false, after: number | null = null) => ({
  state,
  code,
  retry,
  retryAfterMs: after,
});

/** The one mapping from any failure of a send (service, keychain, set-up) to a journal state. */
export function outcomeOf(err: unknown): FailureOutcome {
  const name = err instanceof Error ? err.name : '';
  if (name === 'KeychainUnavailableError' || name === 'KeychainItemError') return outcome('failed', 'keychain');
  if (!isServiceError(err)) return outcome('failed', 'network', true);
  if (err.name === 'AuthenticationError') return outcome('failed', 'credentials');
  if (err.mayHaveBeenApplied) return outcome('unknown', 'unknown');
  if (err.name === 'HttpError' && (err.status === 429 || err.status === 503)) {
    return outcome('failed', 'busy', true, err.retryAfterMs);
  }
  if (err.name === 'HttpError' && err.status >= 400 && err.status < 500) return outcome('rejected', 'rejected');
  return outcome('failed', 'network', true);
}

/** What a failed send or connection test tells a person, in words they can act on. */
export function describeFailure(err: unknown, profile: string): string {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof AuthenticationError && !err.missing) {
    return `The service refused the credentials of profile ${profile}: ${message}`;
  }
  return message;
}
