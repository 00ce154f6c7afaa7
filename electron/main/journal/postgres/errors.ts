import { JournalStateError, OfficePermissionError } from '../errors';

/** Turns the database's refusals into the journal's own errors; anything else passes unchanged. */
export function translate(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === '42501') return new OfficePermissionError(message, { cause: err });
  if (code === 'FD001') return new JournalStateError(message, { cause: err });
  return err;
}

/** SQLSTATE classes and codes of a server going away or not yet back: connection exceptions, shutdowns, start-up. */
const GONE_CODES = /^(08|57P0[1-3])/;
/** Socket errors of a server that is not there (nothing was sent on a connect that failed). */
const GONE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Whether an error says the database is unreachable for now (as opposed to refusing the statement). */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (GONE_CODES.test(code) || GONE_ERRNO.has(code))) return true;
  return /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    err.message,
  );
}

/** How an unreachable database's error reads in plain words: "connection refused", "connection dropped"… */
export function whyUnreachable(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ETIMEDOUT' || (err instanceof Error && /timeout/.test(err.message))) return 'no answer in time';
  if (code === '57P03') return 'the database is starting up';
  if (typeof code === 'string' && code.startsWith('57P0')) return 'the database is shutting down';
  if (code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the server cannot be found';
  return 'connection dropped';
}
