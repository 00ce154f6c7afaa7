// Journal query benchmark: the review screen's queries on a 1,000-row journal (baseline) and a
// 100,000-row one, same run, same machine, through the store interface the screens use; prints
// milliseconds and the ratio. `--store sqlite`, `--store postgres`, or both (the default). The
// journal on this computer is measured encrypted (as desks run it) against the same rows plain.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../electron/main/journal/sqlite/database';
import { writeJournalCsv } from '../electron/main/journal/csv-export';
import { createSqliteStore } from '../electron/main/journal/sqlite/store';
import { newOfficeDatabase } from '../test/support/office-journal';
import { createPostgresStore } from '../electron/main/journal/postgres/store/store';
import type { JournalStore } from '../electron/main/journal/store';
import type { JournalFilter } from '@shared/journal/types';
import { startPostgres, type TestPostgres } from '../test/support/postgres';

const STATES = ['accepted', 'accepted', 'accepted', 'rejected', 'failed', 'unknown'] as const;
const storeArg = process.argv.indexOf('--store');
const KINDS = (storeArg === -1 ? 'sqlite,postgres' : (process.argv[storeArg + 1] ?? '')).split(',');

/** The key of the encrypted journals measured (a desk's comes from its keychain). */
const KEY = randomBytes(32);

/**
 * A journal on this computer with `rows` rows (each queued, sent and answered, three history lines
 * each), written in bulk; encrypted under `key` when one is given.
 */
function seedSqlite(rows: number, key?: Buffer): { store: JournalStore; cleanUp: () => void } {
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-journal-bench-'));
  const file = join(home, 'journal.sqlite3');
  const db = openDatabase(file, { key });
  const insert = db.prepare(
    `INSERT INTO submissions (kind, profile, operator, payload, payload_hash, reference, policy, surname, postcode,
       state, attempts, http_status, recordid, message, error_code, created_at, updated_at, queued_at, sending_at, finished_at)
     VALUES ('entry', @profile, @operator, @payload, @hash, @reference, @policy, @surname, @postcode,
       @state, 1, @http, @recordid, @message, @code, @at, @at, @at, @at, @at) RETURNING id`,
  );
  const history = db.prepare(
    'INSERT INTO history (submission_id, from_state, to_state, actor, at, note) VALUES (?, ?, ?, ?, ?, NULL)',
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const state = STATES[i % STATES.length]!;
      const payload = {
        reference: `REF-${i}`,
        surname: `Surname${i % 997}`,
        policy: `P${i % 13}`,
        postcode: 'LS1 4AP',
      };
      const at = new Date(Date.now() - (rows - i) * 1000).toISOString();
      const operator = `clerk${i % 7}`;
      const { id } = insert.get({
        ...payload,
        profile: i % 5 === 0 ? 'Live' : 'Sandbox',
        operator,
        payload: JSON.stringify(payload),
        hash: `h${i}`,
        state,
        http: state === 'accepted' ? 201 : null,
        recordid: state === 'accepted' ? 100000 + i : null,
        message: state === 'accepted' ? 'Record created' : 'x',
        code: state === 'accepted' ? null : state,
        at,
      }) as { id: number };
      history.run(id, null, 'queued', operator, at);
      history.run(id, 'queued', 'sending', 'system', at);
      history.run(id, 'sending', state, 'system', at);
    }
  })();
  db.close();
  return {
    store: createSqliteStore(file, 'bench', { key }),
    cleanUp: () => rmSync(home, { recursive: true, force: true }),
  };
}

let server: TestPostgres | undefined;

/** An office journal with the same rows (three history entries each), written in bulk as the owner. */
async function seedPostgres(rows: number): Promise<{ store: JournalStore; cleanUp: () => void }> {
  server ??= await startPostgres();
  const url = server.url(undefined, undefined, await newOfficeDatabase(server, 'bench'));
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  await owner.query("SET feed_desk.quiet = 'on'");
  await owner.query(
    `INSERT INTO feed_desk.submissions (kind, profile, operator, payload, payload_hash, reference, policy, surname,
       postcode, state, attempts, http_status, recordid, message, error_code, created_at, updated_at, finished_at)
     SELECT 'entry', CASE WHEN i % 5 = 0 THEN 'Live' ELSE 'Sandbox' END, 'clerk' || (i % 7),
       json_build_object('reference', 'REF-' || i, 'surname', 'Surname' || (i % 997), 'policy', 'P' || (i % 13),
         'postcode', 'LS1 4AP'),
       'h' || i, 'REF-' || i, 'P' || (i % 13), 'Surname' || (i % 997), 'LS1 4AP', s.state, 1,
       CASE WHEN s.state = 'accepted' THEN 201 END, CASE WHEN s.state = 'accepted' THEN 100000 + i END,
       CASE WHEN s.state = 'accepted' THEN 'Record created' ELSE 'x' END,
       CASE WHEN s.state = 'accepted' THEN NULL ELSE s.state END,
       now() + i * interval '1 millisecond', now(), now()
     FROM generate_series(0, $1 - 1) AS i,
       LATERAL (SELECT (ARRAY['accepted','accepted','accepted','rejected','failed','unknown'])[i % 6 + 1] AS state) s
     ORDER BY i`,
    [rows],
  );
  await owner.query(
    `INSERT INTO feed_desk.history (submission_id, from_state, to_state, actor, at)
     SELECT id, f, t, 'bench', created_at FROM feed_desk.submissions,
       LATERAL (VALUES (NULL, 'queued'), ('queued', 'sending'), ('sending', state)) AS h (f, t)`,
  );
  await owner.query('ANALYZE');
  await owner.end();
  return { store: await createPostgresStore({ url }), cleanUp: () => undefined };
}

const QUERIES: Array<[string, JournalFilter]> = [
  ['first page, newest first', {}],
  ['state = unknown', { states: ['unknown'] }],
  ['operator and profile', { operator: 'clerk3', profile: 'Live' }],
  ['text: surname', { text: 'Surname42' }],
  ['text: recordid', { text: '150000' }],
  ['date range', { from: '2000-01-01', to: '2100-01-01', sort: 'reference', direction: 'asc' }],
  ['window at row 50,000', { offset: 50_000 % 1000, limit: 200 }],
];

async function time(fn: () => Promise<unknown>, repeat = 20): Promise<number> {
  await fn();
  const started = performance.now();
  for (let i = 0; i < repeat; i += 1) await fn();
  return (performance.now() - started) / repeat;
}

async function csvMs(store: JournalStore, filter: JournalFilter): Promise<number> {
  let chars = 0;
  const ms = await time(() => writeJournalCsv(store, filter, (text) => (chars += text.length)), 2);
  return chars > 0 ? ms : NaN;
}

for (const kind of KINDS) {
  const seed = kind === 'postgres' ? seedPostgres : async (n: number) => seedSqlite(n);
  const small = await seed(1_000);
  const large = await seed(100_000);
  console.log(`journal queries [${kind}]: ms per query (1,000-row journal → 100,000-row journal, ratio)`);
  for (const [label, filter] of QUERIES) {
    // The window query asks each journal for its middle: row 500 of 1,000, row 50,000 of 100,000.
    const big = label.startsWith('window') ? { ...filter, offset: 50_000 } : filter;
    const small1 = label.startsWith('window') ? { ...filter, offset: 500 } : filter;
    const a = await time(() => small.store.list(small1));
    const b = await time(() => large.store.list(big));
    console.log(`  ${label.padEnd(26)} ${a.toFixed(2)} → ${b.toFixed(2)} ms (x${(b / a).toFixed(1)})`);
  }
  const csvSmall = await csvMs(small.store, { states: ['unknown'] });
  const csvLarge = await csvMs(large.store, { states: ['unknown'] });
  console.log(
    `  CSV export of unknown rows ${csvSmall.toFixed(1)} → ${csvLarge.toFixed(1)} ms (x${(csvLarge / csvSmall).toFixed(1)}; 100x the rows)`,
  );
  const encrypted = kind === 'sqlite' ? seedSqlite(100_000, KEY) : undefined;
  if (encrypted) {
    console.log('journal queries [sqlite]: ms per query on 100,000 rows, plain → encrypted (ratio; target <= 1.10)');
    const ratios: number[] = [];
    for (const [label, filter] of QUERIES) {
      const at = label.startsWith('window') ? { ...filter, offset: 50_000 } : filter;
      const plain = await time(() => large.store.list(at));
      const locked = await time(() => encrypted.store.list(at));
      ratios.push(locked / plain);
      console.log(
        `  ${label.padEnd(26)} ${plain.toFixed(2)} → ${locked.toFixed(2)} ms (x${(locked / plain).toFixed(2)})`,
      );
    }
    const plainCsv = await csvMs(large.store, { states: ['unknown'] });
    const lockedCsv = await csvMs(encrypted.store, { states: ['unknown'] });
    ratios.push(lockedCsv / plainCsv);
    console.log(
      `  ${'CSV export of unknown rows'.padEnd(26)} ${plainCsv.toFixed(1)} → ${lockedCsv.toFixed(1)} ms (x${(lockedCsv / plainCsv).toFixed(2)})`,
    );
    const total = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    console.log(
      `  encrypted vs plain, mean ratio over ${ratios.length} measures: x${total.toFixed(2)} (target <= 1.10)`,
    );
  }
  for (const { store, cleanUp } of [small, large, ...(encrypted ? [encrypted] : [])]) {
    await store.close();
    cleanUp();
  }
}
await server?.stop();
