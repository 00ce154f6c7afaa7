import { summariseErrorBody, type ServiceErrorSummary } from '../../../shared/service/schemas';

/**
 * The service client's failures. Each says whether the request may have been applied by the
 * service, which decides between "retry automatically" and "a person must look".
 */
abstract class ServiceError extends Error {
  abstract readonly mayHaveBeenApplied: boolean;
}

/** The service answered with a status we do not treat as success. */
export class HttpError extends ServiceError {
  override readonly name = 'HttpError' as const;
  readonly summary: ServiceErrorSummary;
  constructor(
    readonly status: number,
    bodyText: string,
  ) {
    const summary = summariseErrorBody(status, bodyText);
    super(summary.message);
    this.summary = summary;
  }
  /** 500 may have stored the entry; 4xx and gateway errors (502/503/504) did not. */
  get mayHaveBeenApplied(): boolean {
    return this.status >= 500 && ![502, 503, 504].includes(this.status);
  }
}

/** Nothing reached the service: connection refused, DNS or TLS failure. */
export class NetworkError extends ServiceError {
  override readonly name = 'NetworkError' as const;
  readonly mayHaveBeenApplied = false;
}

/** The request went out (or may have) and no complete answer came: timeout or connection dropped. */
export class NoAnswerError extends ServiceError {
  override readonly name = 'NoAnswerError' as const;
  readonly mayHaveBeenApplied = true;
}

/** The service refused our credentials, or refused a fresh token twice. */
export class AuthenticationError extends ServiceError {
  override readonly name = 'AuthenticationError' as const;
  readonly mayHaveBeenApplied = false;
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

/** The journal state and user-facing error code a failure leads to (product brief state table). */
export type FailureOutcome = {
  state: 'rejected' | 'failed' | 'unknown';
  code: 'rejected' | 'network' | 'unknown' | 'auth';
};

/** The one mapping from a service failure to a journal state. */
export function outcomeOf(err: AnyServiceError): FailureOutcome {
  if (err.name === 'AuthenticationError') return { state: 'rejected', code: 'auth' };
  if (err.mayHaveBeenApplied) return { state: 'unknown', code: 'unknown' };
  if (err.name === 'HttpError' && err.status >= 400 && err.status < 500) return { state: 'rejected', code: 'rejected' };
  return { state: 'failed', code: 'network' };
}
