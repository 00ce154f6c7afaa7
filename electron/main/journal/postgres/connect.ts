import pg from 'pg';

/** How to reach the office database: a URL, or node-postgres connection settings (host, port, TLS…). */
export type OfficeConnection = pg.ClientConfig;

/** Options of the office journal's connection: a URL or settings, and the password from the keychain. */
export interface OfficeConnectOptions {
  url?: string;
  connection?: OfficeConnection;
  /** Overrides any password in the URL or settings (it comes from the OS keychain). */
  password?: string;
}

/**
 * Every session reads committed data in each statement (set at connection start): the duplicate
 * guard's advisory locks rely on it whatever the database's default isolation is.
 */
const SESSION_OPTIONS = '-c default_transaction_isolation=read\\ committed';

/** Connection settings with our application name and session options; a password given separately wins. */
export function clientConfig(options: OfficeConnectOptions | string | OfficeConnection): OfficeConnection {
  const given: OfficeConnectOptions =
    typeof options === 'string'
      ? { url: options }
      : 'url' in options || 'connection' in options
        ? (options as OfficeConnectOptions)
        : { connection: options as OfficeConnection };
  return {
    application_name: 'feed-desk',
    connectionTimeoutMillis: 10_000,
    ...given.connection,
    options: [given.connection?.options, SESSION_OPTIONS].filter(Boolean).join(' '),
    ...(given.url ? { connectionString: withPassword(given.url, given.password) } : {}),
    ...(given.password !== undefined ? { password: given.password } : {}),
  };
}

/** node-postgres lets a URL's password (or its absence) win over a separate one: put the given one in the URL. */
function withPassword(url: string, password: string | undefined): string {
  if (password === undefined) return url;
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** Runs fn on one new connection, then closes it. */
export async function connectOnce<T>(
  options: OfficeConnectOptions | string | OfficeConnection,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(clientConfig(options));
  await client.connect();
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
