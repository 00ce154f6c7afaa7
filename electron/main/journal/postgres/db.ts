import pg from 'pg';
import { translate } from './errors';

/** The office journal's connection pool, with the database's refusals turned into journal errors. */
export interface Db {
  readonly pool: pg.Pool;
  rows<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  first<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** How many rows the statement changed. */
  count(sql: string, params?: unknown[]): Promise<number>;
}

/** Wraps a pool. */
export function wrapPool(pool: pg.Pool): Db {
  async function run<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<T>> {
    try {
      return await pool.query<T>(sql, params);
    } catch (err) {
      throw translate(err);
    }
  }
  return {
    pool,
    async rows<T extends pg.QueryResultRow>(sql: string, params?: unknown[]) {
      return (await run<T>(sql, params)).rows;
    },
    async first<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T | undefined> {
      const { rows } = await run<T>(sql, params);
      return rows[0];
    },
    async count(sql: string, params?: unknown[]) {
      return (await run(sql, params)).rowCount ?? 0;
    },
  };
}
