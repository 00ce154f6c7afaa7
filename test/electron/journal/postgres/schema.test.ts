import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { JournalVersionError } from '@main/journal/errors';
import { FUNCTIONS } from '@main/journal/postgres/schema/functions';
import { PG_MIGRATIONS } from '@main/journal/postgres/schema/migrations';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import { OfficeSetupError } from '@main/journal/postgres/schema/version';
import { startPostgres, type TestPostgres } from '@test/support/postgres';
import { entry, queued } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

/** Everything in a database a migration could touch: schemas, relations, functions, extensions, versions. */
async function fingerprint(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const objects = await client.query(
      `SELECT (SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace) AS schemas,
              (SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')) AS relations,
              (SELECT count(*) FROM pg_proc) AS functions,
              (SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension) AS extensions,
              (SELECT string_agg(version::text, ',' ORDER BY version) FROM feed_desk.schema_version) AS versions`,
    );
    return JSON.stringify(objects.rows[0]);
  } finally {
    await client.end();
  }
}

describeOfficeOnly('office journal: set-up and schema versions', () => {
  let server: TestPostgres;
  const database = (name: string) => server.url(undefined, undefined, name);
  async function createDatabase(name: string) {
    const client = new pg.Client({ connectionString: server.ownerUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  }

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());

  it('sets up once, and running office init again is fine (nothing changes, nothing is lost)', async () => {
    expect(await officeInit(server.ownerUrl)).toEqual({
      lockedPublic: false,
      from: 0,
      to: PG_MIGRATIONS.length,
      trigram: true,
    });
    await addUser(server.ownerUrl, 'clara', 'clerk', 'pw');
    const clerk = await createPostgresStore(server.url('clara', 'pw'));
    const row = await queued(clerk, entry('KEEP-1'));
    const before = await fingerprint(server.ownerUrl);
    expect(await officeInit(server.ownerUrl)).toEqual({
      from: PG_MIGRATIONS.length,
      to: PG_MIGRATIONS.length,
      trigram: true,
      lockedPublic: false,
    });
    await Promise.all([officeInit(server.ownerUrl), officeInit(server.ownerUrl)]);
    expect(await fingerprint(server.ownerUrl)).toBe(before);
    // The journal's functions are exactly those of schema/functions/, as those files define them.
    const owner = new pg.Client({ connectionString: server.ownerUrl });
    await owner.connect();
    const defined = await owner.query<{ name: string; body: string }>(
      `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'feed_desk' ORDER BY p.proname`,
    );
    await owner.end();
    expect(defined.rows.map((f) => f.name)).toEqual(Object.keys(FUNCTIONS).sort());
    for (const { name, body } of defined.rows) expect(FUNCTIONS[name], name).toContain(body);
    expect(await clerk.get(row.id)).toEqual(row);
    expect((await queued(clerk, entry('KEEP-2'))).operator).toBe('clara');
    await clerk.close();
  });

  it('refuses a journal of a newer schema, in init and when a desk opens it, leaving the database untouched', async () => {
    await createDatabase('newer');
    const url = database('newer');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA feed_desk;
      CREATE TABLE feed_desk.schema_version (version integer PRIMARY KEY, applied_at timestamptz, applied_by text);
      INSERT INTO feed_desk.schema_version (version) VALUES (${PG_MIGRATIONS.length + 1})`);
    await client.end();
    const before = await fingerprint(url);

    const refusal = `set up by a newer Feed Desk (schema ${PG_MIGRATIONS.length + 1}; this version knows up to ${PG_MIGRATIONS.length})`;
    await expect(officeInit(url)).rejects.toBeInstanceOf(JournalVersionError);
    await expect(officeInit(url)).rejects.toThrow(refusal);
    await expect(createPostgresStore(url)).rejects.toBeInstanceOf(JournalVersionError);
    await expect(createPostgresStore(url)).rejects.toThrow('the database was not changed');
    expect(await fingerprint(url)).toBe(before);
    expect(before).not.toContain('submissions');
    expect(before).not.toContain('pg_trgm');
  });

  it('tells a desk when the database has no journal yet', async () => {
    await createDatabase('empty');
    await expect(createPostgresStore(database('empty'))).rejects.toBeInstanceOf(OfficeSetupError);
    await expect(createPostgresStore(database('empty'))).rejects.toThrow(/no Feed Desk journal yet.*office init/);
  });
});
