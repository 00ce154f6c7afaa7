import {
  JournalStateError,
  JournalUnreachableError,
  OfficeConnectionError,
  OfficePermissionError,
  type OfficeRefusal,
} from '../../errors';

/** Turns the database's refusals into the journal's own errors; anything else passes unchanged. */
export function translate(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === '42501') return new OfficePermissionError(message, { cause: err });
  if (code === 'FD001') return new JournalStateError(message, { cause: err });
  if (code === '25001' && /^SET TRANSACTION ISOLATION LEVEL/.test(message)) {
    return new JournalStateError(
      "The office database ran this call in a transaction that is not READ COMMITTED, which the duplicate check needs: nothing was changed; the administrator sets default_transaction_isolation = 'read committed' for the database (and its pooler).",
      { cause: err },
    );
  }
  return err;
}

/**
 * SQLSTATE classes and codes of a server going away or not yet back: connection exceptions,
 * shutdowns, start-up, and a server that takes no writes (a standby, until a failover promotes it).
 */
const GONE_CODES = /^(08|57P0[1-3]|25006$)/;
/** Socket errors of a server that is not there (nothing was sent on a connect that failed). */
const GONE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** Whether an error says the database is unreachable for now (as opposed to refusing the statement). */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (GONE_CODES.test(code) || GONE_ERRNO.has(code))) return true;
  // "timeout expired": a single client's connection timeout (a pool's reads "timeout exceeded").
  return /^Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Client has encountered a connection error/.test(
    err.message,
  );
}

/** How an unreachable database's error reads in plain words: "connection refused", "connection dropped"… */
export function whyUnreachable(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ETIMEDOUT' || (err instanceof Error && /timeout/.test(err.message))) return 'no answer in time';
  if (code === '57P03') return 'the database is starting up';
  if (code === '25006') return 'the server is a read-only standby';
  if (typeof code === 'string' && code.startsWith('57P0')) return 'the database is shutting down';
  if (code === 'ENOTFOUND') return 'no computer has that name';
  if (code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the server cannot be found';
  return 'connection dropped';
}

/** Where an office database is and who signs in to it, for messages. */
export interface OfficePlace {
  host?: string;
  port?: number | string;
  database?: string;
  user?: string;
}

/** Why a server's certificate is not trusted, by Node's TLS error code. */
const CERTIFICATE_FAULTS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'it is signed by an authority this computer does not know',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it is signed by an authority this computer does not know',
  UNABLE_TO_GET_ISSUER_CERT: 'it is signed by an authority this computer does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it is signed by an authority this computer does not know',
  CERT_UNTRUSTED: 'it is signed by an authority this computer does not know',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  CERT_REVOKED: 'it has been revoked',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is made out to another server name',
};

/**
 * A failure to connect or sign in to the office database in one plain sentence naming the server
 * and what to do (never the driver's own text): a JournalUnreachableError when nothing answers, an
 * OfficeConnectionError when the server (or its TLS) refuses; any other error is returned as it is.
 */
export function connectionFailure(err: unknown, place: OfficePlace): unknown {
  if (!(err instanceof Error) || err.name === 'OfficeConnectionError' || err.name === 'JournalUnreachableError') {
    return err;
  }
  const host = place.host ?? 'localhost';
  const server = `${host}:${place.port ?? 5432}`;
  const where = `${server}/${place.database ?? ''}`;
  const user = place.user ?? 'this user';
  const code = (err as { code?: unknown }).code;
  const refused = (reason: OfficeRefusal, message: string) =>
    new OfficeConnectionError(message, reason, { cause: err });
  if (code === '25006') {
    return refused(
      'standby',
      `The office journal at ${where} is a read-only standby: Feed Desk writes to the journal, so give it the primary's address (or every server's, postgres://USER@PRIMARY:5432,STANDBY:5432/DATABASE?target_session_attrs=read-write).`,
    );
  }
  if (code === 'ECONNREFUSED') {
    return new JournalUnreachableError(
      `The office journal at ${where} refused the connection: nothing was sent; check that its PostgreSQL server is running and that the host and port are right.`,
      { cause: err },
    );
  }
  if (isUnreachable(err)) {
    return new JournalUnreachableError(
      `The office journal at ${where} cannot be reached (${whyUnreachable(err)}): nothing was sent; check the server's name and that this computer can reach it.`,
      { cause: err },
    );
  }
  if (err.message === 'The server does not support SSL connections') {
    return refused(
      'no-tls',
      `The office journal at ${where} does not offer TLS; Feed Desk requires it. Turn TLS on on the server, or use sslmode=disable for a server on this computer.`,
    );
  }
  const fault = typeof code === 'string' ? CERTIFICATE_FAULTS[code] : undefined;
  if (fault) {
    return refused(
      'certificate',
      `The office journal at ${where} shows a certificate this computer does not trust (${fault}): give Feed Desk the CA file that signed it (sslrootcert=FILE, or CA file in Settings › Journal), or have the server's certificate fixed.`,
    );
  }
  if (code === '28P01') {
    return refused(
      'password',
      `The office journal at ${where} refused the password of ${user}: check the user name and password, or ask the administrator to set a new one.`,
    );
  }
  if (code === '28000' && /^role ".*" does not exist$/.test(err.message)) {
    return refused(
      'role',
      `The office journal at ${where} has no user ${user}: check the user name, or ask the administrator to add you (feed-desk office add-user ${user}).`,
    );
  }
  if (code === '28000') {
    return refused(
      'access',
      `The office journal at ${where} does not let ${user} sign in from this computer: the administrator allows it in the server's pg_hba.conf.`,
    );
  }
  if (code === '3D000') {
    return refused(
      'database',
      `The database server at ${server} has no database ${place.database ?? ''}: check the database name, or set the office journal up first (feed-desk office init).`,
    );
  }
  return err;
}
