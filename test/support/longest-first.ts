// Vitest sequencer: files run by several workers at once end together only when the longest start
// first. Vitest orders by the durations it cached from the last run; a clean clone has no cache, so
// the files known to take longest (each mostly waiting on child processes and servers) go first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest files of a CI run, slowest first (npm install of the packed CLI builds native modules). */
export const LONGEST = [
  'test/electron/cli/cli-package.test.ts',
  'test/electron/cli/cli-bulk.test.ts',
  'test/electron/journal/sqlite/crash-safety.test.ts',
  'test/electron/journal/state-table.test.ts',
  'test/electron/cli/cli-errors.test.ts',
];

/** BaseSequencer's order (cached durations when there are some), with the LONGEST files first. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((name) => file.moduleId.endsWith(name));
      return at === -1 ? LONGEST.length : at;
    };
    return sorted.toSorted((a, b) => rank(a) - rank(b));
  }
}
