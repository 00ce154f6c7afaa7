import { expect, it } from 'vitest';
import { describeEachStore } from '../support/stores';
import { CI_SEEDS, runSchedule } from './simulation';

// The fault-schedule suite in CI: a fixed list of seeds on both journals. A failing schedule names
// its seed; `npm run faults -- --seed S --store KIND` replays it.
describeEachStore('fault schedules', (kind) => {
  for (const seed of CI_SEEDS) {
    it(`seed ${seed}: nothing stored twice, every row accounted for, no wrong exit`, async () => {
      const result = await runSchedule(seed, kind);
      expect({
        storedTwice: result.storedTwice,
        unaccounted: result.unaccounted,
        wrongExits: result.wrongExits,
      }).toEqual({ storedTwice: [], unaccounted: [], wrongExits: [] });
    }, 60_000);
  }
});
