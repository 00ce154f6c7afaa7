// npm run faults -- [--schedules N] [--seed S] [--first S] [--store sqlite|postgres|both]
// Runs fault schedules (test/faults/simulation.ts) and ends with one line:
// "faults: N schedules, S seeds, 0 stored twice, 0 unaccounted, 0 wrong exits" (or the counts and the first failing seed).
import { parseArgs } from 'node:util';
import { postgresMissing } from '../test/support/postgres';
import { runSchedule, type FaultStore, type ScheduleResult } from '../test/faults/simulation';

const { values } = parseArgs({
  options: {
    schedules: { type: 'string', default: '100' },
    seed: { type: 'string' },
    first: { type: 'string', default: '1' },
    store: { type: 'string', default: 'both' },
  },
});
const stores: FaultStore[] = values.store === 'both' ? ['sqlite', 'postgres'] : [values.store as FaultStore];
for (const store of stores) {
  if (store !== 'sqlite' && store !== 'postgres') throw new Error(`--store is sqlite, postgres or both, not ${store}`);
}
const missing = postgresMissing();
if (missing && stores.includes('postgres')) {
  console.error(`faults: PostgreSQL schedules cannot run here: ${missing}`);
  process.exit(1);
}
const seeds = values.seed
  ? [Number(values.seed)]
  : Array.from({ length: Number(values.schedules) }, (_, i) => Number(values.first) + i);
const started = Date.now();
let schedules = 0;
let storedTwice = 0;
let unaccounted = 0;
let wrongExits = 0;
let firstFailing: ScheduleResult | undefined;
const events: Record<string, number> = {};
for (const seed of seeds) {
  for (const store of stores) {
    const result = await runSchedule(seed, store);
    schedules += 1;
    storedTwice += result.storedTwice.length;
    unaccounted += result.unaccounted.length;
    wrongExits += result.wrongExits.length;
    for (const [what, n] of Object.entries(result.events)) events[what] = (events[what] ?? 0) + n;
    const failed = result.storedTwice.length + result.unaccounted.length + result.wrongExits.length > 0;
    if (failed) {
      firstFailing ??= result;
      console.log(
        `seed ${seed} (${store}): ${[...result.storedTwice, ...result.unaccounted, ...result.wrongExits].join('; ')}`,
      );
    }
    if (values.seed || schedules % 100 === 0)
      console.log(`${schedules} schedules, ${Math.round((Date.now() - started) / 1000)} s`);
  }
}
if (values.seed) console.log(JSON.stringify(events, null, 1));
console.log(`${schedules} schedules in ${Math.round((Date.now() - started) / 1000)} s (${stores.join(' and ')})`);
console.log(
  `faults: ${schedules} schedules, ${seeds.length} seeds, ${storedTwice} stored twice, ${unaccounted} unaccounted, ` +
    `${wrongExits} wrong exits` +
    (firstFailing ? `, first failing seed ${firstFailing.seed} (--store ${firstFailing.store})` : ''),
);
process.exit(firstFailing ? 1 : 0);
