import type pg from 'pg';
import type { OfficeConnectOptions, OfficeConnection } from '../postgres/connection/connect';
import { connectOnce } from '../postgres/connection/servers';

/**
 * The only search path of an owner's session: no schema anyone else may create in (such as
 * `public` on PostgreSQL 13 and 14) can stand in for a function the owner's statements call.
 */
export const OWNER_SEARCH_PATH = 'pg_catalog, pg_temp';

/**
 * Runs fn on one new connection of the journal's owner (setup, adding people, imports), with the
 * search path pinned before any other statement; the owner's SQL also names pg_catalog itself.
 */
export function connectAsOwner<T>(
  options: OfficeConnectOptions | string | OfficeConnection,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  return connectOnce(options, async (client) => {
    await client.query(`SET search_path = ${OWNER_SEARCH_PATH}`);
    return fn(client);
  });
}
