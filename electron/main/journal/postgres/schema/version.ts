import type pg from 'pg';
import { JournalVersionError } from '../../errors';
import { PG_MIGRATIONS } from './migrations';

/** The office journal's schema version, 0 when it has none yet. */
export async function schemaVersion(client: pg.ClientBase): Promise<number> {
  const present = await client.query<{ ok: boolean }>(
    "SELECT pg_catalog.to_regclass('feed_desk.schema_version') IS NOT NULL AS ok",
  );
  if (!present.rows[0]?.ok) return 0;
  const result = await client.query<{ v: number }>(
    'SELECT coalesce(pg_catalog.max(version), 0) AS v FROM feed_desk.schema_version',
  );
  return Number(result.rows[0]?.v ?? 0);
}

/** Refuses, before anything is written, an office journal set up by a newer Feed Desk. */
export function refuseNewer(version: number, where: string): void {
  if (version > PG_MIGRATIONS.length) {
    throw new JournalVersionError(
      `The office journal ${where} was set up by a newer Feed Desk (schema ${version}; this version knows up to ` +
        `${PG_MIGRATIONS.length}). Update Feed Desk to use it; the database was not changed.`,
    );
  }
}

/** Raised when the office database has no journal yet, or an older one: an administrator runs `feed-desk office init`. */
export class OfficeSetupError extends Error {
  override readonly name = 'OfficeSetupError' as const;
}

/** Checks a desk can use the office journal as it is: set up, and neither older nor newer than this Feed Desk. */
export function requireCurrent(version: number, where: string): void {
  refuseNewer(version, where);
  if (version === 0) {
    throw new OfficeSetupError(
      `The office database ${where} has no Feed Desk journal yet: an administrator runs \`feed-desk office init\` once.`,
    );
  }
  if (version < PG_MIGRATIONS.length) {
    throw new OfficeSetupError(
      `The office journal ${where} is at schema ${version}; this Feed Desk needs ${PG_MIGRATIONS.length}. ` +
        'An administrator runs `feed-desk office init` with this version to upgrade it.',
    );
  }
}
