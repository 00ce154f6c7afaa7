import pg from 'pg';
import { connectionFailure } from './errors';
import { OfficeTlsError, officeSsl, readCaFile, tlsFromSslmode, type OfficeTlsRequest } from './office-tls';

/** How to reach the office database: a URL, or node-postgres connection settings (host, port, TLS…). */
export type OfficeConnection = pg.ClientConfig;

/** Options of the office journal's connection: a URL or settings, and the password from the keychain. */
export interface OfficeConnectOptions {
  url?: string;
  connection?: OfficeConnection;
  /**
   * Overrides any password in the URL or settings (it comes from the OS keychain); a function is
   * called only when the server asks for a password, after TLS has checked the server.
   */
  password?: string | (() => string | Promise<string>);
}

/**
 * Every session reads committed data in each statement (set at connection start): the duplicate
 * guard's advisory locks rely on it whatever the database's default isolation is.
 */
const SESSION_OPTIONS = '-c default_transaction_isolation=read\\ committed';

/** The URL parameters Feed Desk reads; any other (host=, ssl=, uselibpqcompat=…) could change where or how it connects. */
const URL_PARAMETERS = new Set(['sslmode', 'sslrootcert']);

/** What a postgres:// URL says: who, where, and the TLS it asks for. */
function fromUrl(url: string): { fields: pg.ClientConfig; sslmode: string | null; caFile: string | null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('Not a database URL: postgres://USER@HOST:PORT/DATABASE');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error('A database URL starts with postgres:// (postgres://USER@HOST:PORT/DATABASE)');
  }
  for (const name of parsed.searchParams.keys()) {
    if (!URL_PARAMETERS.has(name)) {
      throw new OfficeTlsError(`The URL parameter ${name} is not used by Feed Desk: only sslmode and sslrootcert`);
    }
  }
  const text = (value: string) => (value ? decodeURIComponent(value) : undefined);
  const entries = {
    host: text(parsed.hostname.replace(/^\[(.*)\]$/, '$1')),
    port: parsed.port ? Number(parsed.port) : undefined,
    user: text(parsed.username),
    password: text(parsed.password),
    database: text(parsed.pathname.slice(1)),
  };
  const fields = Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)) as pg.ClientConfig;
  return { fields, sslmode: parsed.searchParams.get('sslmode'), caFile: parsed.searchParams.get('sslrootcert') };
}

/** The TLS that node-postgres `ssl` settings ask for: only the CAs may be chosen, the server is always checked. */
function fromSsl(ssl: OfficeConnection['ssl']): OfficeTlsRequest {
  if (ssl === undefined) return {};
  if (typeof ssl === 'boolean') return { mode: ssl ? 'verify-full' : 'off' };
  const { ca, rejectUnauthorized, ...other } = ssl;
  if (rejectUnauthorized === false || Object.keys(other).length > 0) {
    throw new OfficeTlsError('Feed Desk always checks the database server’s certificate: only its CA can be chosen');
  }
  return { mode: 'verify-full', ...(ca !== undefined ? { ca } : {}) };
}

/**
 * Connection settings with our application name and session options, and TLS by Feed Desk's
 * rules (office-tls.ts: verify-full, off only for a database on this computer), which no URL
 * parameter, setting or PGSSLMODE can loosen; a password given separately wins. Nothing is left
 * for node-postgres to parse (no connectionString), so every connection follows these rules.
 */
export function clientConfig(options: OfficeConnectOptions | string | OfficeConnection): OfficeConnection {
  const given: OfficeConnectOptions =
    typeof options === 'string'
      ? { url: options }
      : 'url' in options || 'connection' in options
        ? (options as OfficeConnectOptions)
        : { connection: options as OfficeConnection };
  const { connectionString, ...connection } = given.connection ?? {};
  const url = given.url ?? connectionString;
  const fromString = url ? fromUrl(url) : undefined;
  const host = fromString?.fields.host || connection.host || process.env.PGHOST || 'localhost';
  const caFile = fromString?.caFile;
  const sslmode = fromString?.sslmode ?? (caFile ? 'verify-full' : null);
  const mode = sslmode === null ? undefined : tlsFromSslmode(sslmode, host);
  const tls: OfficeTlsRequest =
    mode === undefined
      ? fromSsl(connection.ssl)
      : { mode, ...(caFile && mode !== 'off' ? { ca: readCaFile(caFile) } : {}) };
  return {
    application_name: 'feed-desk',
    connectionTimeoutMillis: 10_000,
    ...connection,
    ...fromString?.fields,
    host,
    ssl: officeSsl(host, tls),
    options: [connection.options, SESSION_OPTIONS].filter(Boolean).join(' '),
    ...(given.password !== undefined ? { password: given.password } : {}),
  };
}

/** Runs fn on one new connection, then closes it. */
export async function connectOnce<T>(
  options: OfficeConnectOptions | string | OfficeConnection,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const config = clientConfig(options);
  const client = new pg.Client(config);
  await client.connect().catch((err: unknown) => {
    throw connectionFailure(err, config);
  });
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** "host:port/database" of a connected client, for the screens. */
export function label(client: pg.Client): string {
  return `${client.host}:${client.port}/${client.database ?? ''}`;
}
