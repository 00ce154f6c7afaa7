import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as tls from 'node:tls';
import { isLoopbackHost, type OfficeJournal } from '@shared/journal/office';

/**
 * The TLS rules of every connection to an office database (desks, Test connection, and the
 * owner's setup, adding people and imports): `verify-full` unless asked otherwise (the server's
 * certificate must be signed by the CA file given, else by a CA the system trusts, and name the
 * host) and TLS off only for a database on this computer. No password is sent before that check.
 * Free of the PostgreSQL driver, so reading settings stays quick.
 */
export type OfficeTlsMode = OfficeJournal['tls'];

/** Raised for TLS settings Feed Desk does not use (off for another computer, an unchecked server, an unreadable CA file). */
export class OfficeTlsError extends Error {
  override readonly name = 'OfficeTlsError' as const;
}

/** The largest CA file read (a bundle of a few hundred certificates). */
const CA_FILE_LIMIT = 1024 * 1024;

/** True for a database on this computer: a loopback host, or a Unix socket folder. */
export function isLocalHost(host: string): boolean {
  return host.startsWith('/') || isLoopbackHost(host);
}

/** The TLS mode a URL's `sslmode` asks for; `require` is taken as `verify-full` (node-postgres does the same). */
export function tlsFromSslmode(sslmode: string | null, host: string): OfficeTlsMode {
  if (sslmode === null) return isLocalHost(host) ? 'off' : 'verify-full';
  if (sslmode === 'verify-full' || sslmode === 'require') return 'verify-full';
  if (sslmode === 'disable') return 'off';
  throw new OfficeTlsError(
    `sslmode=${sslmode} is not offered: use verify-full (the default), or disable for a database on this computer`,
  );
}

/** The contents of a CA file; it must be a regular file of at most 1 MiB. */
export function readCaFile(file: string): Buffer {
  const stat = existsSync(file) ? statSync(file) : undefined;
  if (!stat?.isFile() || stat.size > CA_FILE_LIMIT) {
    throw new OfficeTlsError(`The CA file ${file} is not a readable certificate file (at most 1 MiB)`);
  }
  return readFileSync(file);
}

/** A SHA-256 digest of a CA file's contents: another CA under the same name is another TLS setting. */
export function caFileDigest(file: string): string {
  return createHash('sha256').update(readCaFile(file)).digest('hex');
}

let systemCas: string[] | undefined;

/**
 * The CAs a server is checked against when no CA file is given: Node's own list together with the
 * operating system's trust store where this Node can read it (tls.getCACertificates, Node 22.15+);
 * undefined leaves Node's own list.
 */
function trustedCas(): string[] | undefined {
  const read = (tls as { getCACertificates?: (kind: 'default' | 'system') => string[] }).getCACertificates;
  if (!read) return undefined;
  try {
    systemCas ??= [...new Set([...read('default'), ...read('system')])];
  } catch {
    return undefined; // no readable system store: Node's own list
  }
  return systemCas;
}

/** What a connection asks of TLS: the mode (undefined: the default for the host) and the CA certificates. */
export interface OfficeTlsRequest {
  mode?: OfficeTlsMode;
  ca?: string | Buffer | Array<string | Buffer>;
}

/**
 * node-postgres's `ssl` for a host: `false` only for a database on this computer when asked (or by
 * default there), else the server's certificate is verified (rejectUnauthorized, the host name
 * checked by node-postgres and Node) against the CAs given or the trusted ones.
 */
export function officeSsl(host: string, request: OfficeTlsRequest): false | tls.ConnectionOptions {
  const mode = request.mode ?? (isLocalHost(host) ? 'off' : 'verify-full');
  if (mode === 'off') {
    if (!isLocalHost(host)) {
      throw new OfficeTlsError(`TLS can be off only for a database on this computer, not on ${host}`);
    }
    return false;
  }
  const ca = request.ca ?? trustedCas();
  return { rejectUnauthorized: true, ...(ca ? { ca } : {}) };
}
