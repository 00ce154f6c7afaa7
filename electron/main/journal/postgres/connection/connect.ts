import pg from 'pg';
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
  /** More servers after the connection settings' host, tried in order (a standby a failover may promote). */
  servers?: Server[];
}

/** The URL parameters Feed Desk reads; any other (host=, ssl=, uselibpqcompat=…) could change where or how it connects. */
const URL_PARAMETERS = new Set(['sslmode', 'sslrootcert', 'target_session_attrs']);
/** Feed Desk writes to the journal, so it keeps only a server that takes writes, whatever the URL asks. */
const SESSION_ATTRS = new Set(['read-write', 'primary']);
/** postgres://[USER[:PASSWORD]@]HOST[:PORT][,HOST[:PORT]…][/DATABASE][?PARAMETERS], as libpq reads it. */
const URL_SHAPE = /^(postgres(?:ql)?:)\/\/(?:([^@/?#]*)@)?([^/?#]*)(.*)$/i;

/** One server of a URL's host list. */
export interface Server {
  host?: string;
  port?: number;
}

/**
 * What a postgres:// URL says: who, where (one or more servers, in order), and the TLS it asks
 * for; a parameter Feed Desk does not use is refused, never dropped.
 */
export function parseOfficeUrl(url: string): {
  fields: pg.ClientConfig;
  servers: Server[];
  sslmode: string | null;
  caFile: string | null;
} {
  const shape = URL_SHAPE.exec(url);
  if (!shape) {
    let other = false;
    try {
      other = Boolean(new URL(url).protocol);
    } catch {
      // not a URL at all
    }
    throw new Error(
      other
        ? 'A database URL starts with postgres:// (postgres://USER@HOST:PORT/DATABASE)'
        : 'Not a database URL: postgres://USER@HOST:PORT/DATABASE',
    );
  }
  const [, protocol, auth, hostList, rest] = shape as unknown as [string, string, string | undefined, string, string];
  const parse = (host: string) => {
    try {
      return new URL(`${protocol}//${auth !== undefined ? `${auth}@` : ''}${host}${rest}`);
    } catch {
      throw new Error(`Not a database URL (the server ${host} cannot be read): postgres://USER@HOST:PORT/DATABASE`);
    }
  };
  const parsed = parse(hostList.split(',')[0] ?? '');
  for (const name of parsed.searchParams.keys()) {
    if (!URL_PARAMETERS.has(name)) {
      throw new OfficeTlsError(
        `The URL parameter ${name} is not used by Feed Desk: only sslmode, sslrootcert and target_session_attrs`,
      );
    }
  }
  const attrs = parsed.searchParams.get('target_session_attrs');
  if (attrs !== null && !SESSION_ATTRS.has(attrs)) {
    throw new Error(
      `target_session_attrs=${attrs} cannot be used: Feed Desk writes to the journal, so it connects only to the primary (read-write)`,
    );
  }
  const text = (value: string) => (value ? decodeURIComponent(value) : undefined);
  const servers = hostList.split(',').map((one) => {
    const at = parse(one);
    return { host: text(at.hostname.replace(/^\[(.*)\]$/, '$1')), port: at.port ? Number(at.port) : undefined };
  });
  const entries = {
    user: text(parsed.username),
    password: text(parsed.password),
    database: text(parsed.pathname.slice(1)),
  };
  const fields = Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)) as pg.ClientConfig;
  return {
    fields,
    servers,
    sslmode: parsed.searchParams.get('sslmode'),
    caFile: parsed.searchParams.get('sslrootcert'),
  };
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
 * Connection settings of each server a connection may use, in the order they are tried (a URL may
 * name several: postgres://USER@PRIMARY,STANDBY/DATABASE), with our application name and TLS by
 * Feed Desk's rules (office-tls.ts: verify-full, off only for a database on this computer), which
 * no URL parameter, setting or PGSSLMODE can loosen; a password given separately wins. Nothing is
 * left for node-postgres to parse (no connectionString, no startup options a pooler refuses): the
 * session's settings are made once connected (servers.ts).
 */
export function officeTargets(options: OfficeConnectOptions | string | OfficeConnection): OfficeConnection[] {
  const given: OfficeConnectOptions =
    typeof options === 'string'
      ? { url: options }
      : 'url' in options || 'connection' in options
        ? (options as OfficeConnectOptions)
        : { connection: options as OfficeConnection };
  const { connectionString, ...connection } = given.connection ?? {};
  const url = given.url ?? connectionString;
  const fromString = url ? parseOfficeUrl(url) : undefined;
  const servers: Server[] = fromString?.servers ?? [{}, ...(given.servers ?? [])];
  const caFile = fromString?.caFile;
  const sslmode = fromString?.sslmode ?? (caFile ? 'verify-full' : null);
  const ca = caFile ? readCaFile(caFile) : undefined;
  return servers.map((server) => {
    const host = server.host || connection.host || process.env.PGHOST || 'localhost';
    const mode = sslmode === null ? undefined : tlsFromSslmode(sslmode, host);
    const tls: OfficeTlsRequest =
      mode === undefined ? fromSsl(connection.ssl) : { mode, ...(ca && mode !== 'off' ? { ca } : {}) };
    return {
      application_name: 'feed-desk',
      connectionTimeoutMillis: 10_000,
      ...connection,
      ...fromString?.fields,
      host,
      ...(server.port !== undefined ? { port: server.port } : {}),
      ssl: officeSsl(host, tls),
      ...(given.password !== undefined ? { password: given.password } : {}),
    };
  });
}

/** The settings of the first server a connection tries (see officeTargets). */
export function clientConfig(options: OfficeConnectOptions | string | OfficeConnection): OfficeConnection {
  const [first] = officeTargets(options);
  if (!first) throw new Error('Not a database URL: postgres://USER@HOST:PORT/DATABASE');
  return first;
}

/** "host:port/database" of a connected client, for the screens. */
export function label(client: pg.Client): string {
  return `${client.host}:${client.port}/${client.database ?? ''}`;
}
