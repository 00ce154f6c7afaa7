// Journal query benchmark: the review screen's queries on a 1,000-row journal (baseline) and a
// 100,000-row one, same run, same machine; prints milliseconds and the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../electron/main/journal/database';
import { Journal } from '../electron/main/journal/journal';
import { claim, type Lease } from '../electron/main/journal/leases';
import { listSubmissions } from '../electron/main/journal/queries';
import { writeJournalCsv } from '../electron/main/journal/csv-export';
import { createSqliteStore } from '../electron/main/journal/sqlite-store';
import type { JournalFilter } from '../shared/journal/types';

const LEASE: Lease = { owner: 'bench', ms: 60_000 };

const STATES = ['accepted', 'accepted', 'accepted', 'rejected', 'failed', 'unknown'] as const;

function seed(rows: number): { journal: Journal; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-journal-bench-'));
  const journal = new Journal(openDatabase(join(home, 'journal.sqlite3')));
  journal.atomically(() => {
    for (let i = 0; i < rows; i += 1) {
      const row = journal.insertQueued({
        kind: 'entry',
        profile: i % 5 === 0 ? 'Live' : 'Sandbox',
        operator: `clerk${i % 7}`,
        payload: { reference: `REF-${i}`, surname: `Surname${i % 997}`, policy: `P${i % 13}`, postcode: 'LS1 4AP' },
        payloadHash: `h${i}`,
      });
      claim(journal, row.id, LEASE);
      const state = STATES[i % STATES.length]!;
      journal.recordOutcome(
        row.id,
        LEASE.owner,
        state === 'accepted'
          ? { state, recordid: 100000 + i, message: 'Record created', httpStatus: 201 }
          : { state, code: state, message: 'x', httpStatus: null, fields: null, nextAttemptAt: null },
      );
    }
  });
  return { journal, home };
}

const QUERIES: Array<[string, JournalFilter]> = [
  ['first page, newest first', {}],
  ['state = unknown', { states: ['unknown'] }],
  ['operator and profile', { operator: 'clerk3', profile: 'Live' }],
  ['text: surname', { text: 'Surname42' }],
  ['text: recordid', { text: '150000' }],
  ['date range', { from: '2000-01-01', to: '2100-01-01', sort: 'reference', direction: 'asc' }],
];

function time(fn: () => unknown, repeat = 20): number {
  fn();
  const started = performance.now();
  for (let i = 0; i < repeat; i += 1) fn();
  return (performance.now() - started) / repeat;
}

const small = seed(1_000);
const large = seed(100_000);
console.log('journal queries: ms per query (1,000-row journal → 100,000-row journal, ratio)');
for (const [label, filter] of QUERIES) {
  const a = time(() => listSubmissions(small.journal.db, filter));
  const b = time(() => listSubmissions(large.journal.db, filter));
  console.log(`  ${label.padEnd(26)} ${a.toFixed(2)} → ${b.toFixed(2)} ms (x${(b / a).toFixed(1)})`);
}
/** The whole CSV of a filter, as the export writes it. */
async function csvMs(home: string, filter: JournalFilter): Promise<number> {
  const store = createSqliteStore(join(home, 'journal.sqlite3'), 'bench');
  let chars = 0;
  const started = performance.now();
  for (let i = 0; i < 3; i += 1) await writeJournalCsv(store, filter, (text) => (chars += text.length));
  await store.close();
  return chars > 0 ? (performance.now() - started) / 3 : NaN;
}
const csvSmall = await csvMs(small.home, { states: ['unknown'] });
const csvLarge = await csvMs(large.home, { states: ['unknown'] });
console.log(
  `  CSV export of unknown rows ${csvSmall.toFixed(1)} → ${csvLarge.toFixed(1)} ms (x${(csvLarge / csvSmall).toFixed(1)}; 100x the rows)`,
);
for (const { journal, home } of [small, large]) {
  journal.close();
  rmSync(home, { recursive: true, force: true });
}
