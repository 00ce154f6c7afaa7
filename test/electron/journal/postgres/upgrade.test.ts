// An office database made by an earlier version (schema 13: the frozen migrations 001-013, the
// functions as they defined them) upgraded by office init: migration 14 and the current function
// definitions applied, its rows kept, and a desk then claims, records and is told of the change
// once per statement.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PG_MIGRATIONS, VERSION_TABLE_SQL } from '@main/journal/postgres/schema/migrations';
import { officeInit } from '@main/journal/office/office-init';
import { CHANGE_CHANNEL } from '@main/journal/postgres/schema/names';
import { addUser, GRANTS_SQL, ROLES_SQL } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import guardWaits from '@main/journal/postgres/schema/every-init/guard-waits.sql?raw';
import { startPostgres, type TestPostgres } from '@test/support/postgres';
import { describeOfficeOnly } from '@test/support/stores';
import { entry, SENDABLE } from './office-rig';

const CLERK = { user: 'clara', password: 'clara-pw' };
const PREVIOUS = 13;
const MIGRATIONS_DIR = join(import.meta.dirname, '../../../../electron/main/journal/postgres/schema/migrations');

describeOfficeOnly('office journal: upgrading a database made by the previous version', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());

  /** Runs SQL as `url`'s user on a connection of its own. */
  async function sql(url: string, text: string, params: unknown[] = []) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(text, params);
    } finally {
      await client.end();
    }
  }

  it('office init brings schema 13 to the current one; rows stay, and the current functions serve the desk', async () => {
    // Schema 13 as office init made it before: the migrations up to 13, then the guard's waits and the grants.
    const owner = new pg.Client({ connectionString: server.ownerUrl });
    await owner.connect();
    await owner.query('BEGIN');
    await owner.query(ROLES_SQL);
    await owner.query(VERSION_TABLE_SQL);
    // The frozen files 001 to 013, read from disk as shipped (with the functions they defined).
    const frozen = readdirSync(MIGRATIONS_DIR)
      .filter((name) => /^\d{3}-.*\.sql$/.test(name))
      .sort();
    for (let version = 0; version < PREVIOUS; version += 1) {
      expect(frozen[version]).toMatch(new RegExp(`^${String(version + 1).padStart(3, '0')}-`));
      await owner.query(readFileSync(join(MIGRATIONS_DIR, frozen[version]!), 'utf8'));
      await owner.query('INSERT INTO feed_desk.schema_version (version) VALUES ($1)', [version + 1]);
    }
    await owner.query(guardWaits);
    // The grants as schema 13 had them: today's, without the objects later migrations added.
    const laterObjects = [', feed_desk.update_feed', ', feed_desk.set_update_feed'];
    expect(laterObjects.every((name) => GRANTS_SQL.includes(name))).toBe(true);
    await owner.query(laterObjects.reduce((grants, name) => grants.replace(name, ''), GRANTS_SQL));
    await owner.query('COMMIT');
    await owner.end();
    await addUser(server.ownerUrl, CLERK.user, 'clerk', CLERK.password);
    const clerkUrl = server.url(CLERK.user, CLERK.password);
    // A row sent and accepted under the previous functions.
    const old = entry('OLD-1');
    const [queued] = (
      await sql(
        clerkUrl,
        `SELECT (q.submission).id FROM feed_desk.queue('entry', 'Sandbox', $1::json, $2, NULL, false) q`,
        [JSON.stringify(old.payload), old.payloadHash],
      )
    ).rows as Array<{ id: string }>;
    await sql(clerkUrl, `SELECT * FROM feed_desk.claim_due('desk', 30000, '{Sandbox}', '{}', 1)`);
    await sql(clerkUrl, `SELECT * FROM feed_desk.record_outcomes($1::json, NULL, NULL, NULL, NULL, NULL)`, [
      JSON.stringify([{ id: Number(queued!.id), owner: 'desk', state: 'accepted', recordid: 7001, http: 201 }]),
    ]);
    await expect(createPostgresStore(clerkUrl)).rejects.toThrow(`is at schema ${PREVIOUS}`);

    expect(await officeInit(server.ownerUrl)).toMatchObject({ from: PREVIOUS, to: PG_MIGRATIONS.length });
    const { rows: definitions } = await sql(
      server.ownerUrl,
      `SELECT p.proname, p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'feed_desk' AND p.proname IN ('record_outcomes', 'claim_due', 'queue_batch')`,
    );
    // One statement each: no call of record_outcome per outcome, take per row or queue per row.
    expect(definitions.map((d: { proname: string }) => d.proname).sort()).toEqual([
      'claim_due',
      'queue_batch',
      'record_outcomes',
    ]);
    for (const { prosrc } of definitions as Array<{ prosrc: string }>) {
      expect(prosrc).not.toMatch(/feed_desk\.(record_outcome|take|take_guarded)\(/);
    }

    const listener = new pg.Client({ connectionString: server.ownerUrl });
    await listener.connect();
    const heard: string[] = [];
    // Row ids only (a desk opening announces a probe of its own feed).
    listener.on('notification', (n) => /^\d/.test(n.payload ?? '') && heard.push(n.payload!));
    await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
    const desk = await createPostgresStore(clerkUrl);
    try {
      expect(await desk.get(Number(queued!.id))).toMatchObject({ state: 'accepted', recordid: 7001 });
      const a = (await desk.queue(entry('NEW-1'), false)).row!;
      const b = (await desk.queue(entry('NEW-2'), false)).row!;
      const lease = { owner: 'desk', ms: 30_000 };
      // Each queue is its own statement, announced alone; then only what follows is counted.
      while (!heard.includes(String(b.id))) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual([String(a.id), String(b.id)]);
      heard.length = 0;
      const claimed = await desk.claimDue(lease, SENDABLE, 5);
      expect(claimed.map((r) => r.id)).toEqual([a.id, b.id]);
      const recorded = await desk.recordOutcomes(
        claimed.map((r, i) => ({
          id: r.id,
          owner: lease.owner,
          claim: r.claim,
          outcome: { state: 'accepted' as const, recordid: 8000 + i, httpStatus: 201, message: 'stored' },
        })),
      );
      expect(recorded.rows.map((r) => [r.id, r.state, r.recordid])).toEqual([
        [a.id, 'accepted', 8000],
        [b.id, 'accepted', 8001],
      ]);
      await new Promise((r) => setTimeout(r, 200));
      // One announcement per statement, naming every row it changed.
      expect(heard).toEqual([`${a.id},${b.id}`, `${a.id},${b.id}`]);
      const history = await desk.history(a.id);
      expect(history.map((h) => [h.fromState, h.toState])).toEqual([
        [null, 'queued'],
        ['queued', 'sending'],
        ['sending', 'accepted'],
      ]);
    } finally {
      await desk.close();
      await listener.end();
    }
  }, 60_000);
});
