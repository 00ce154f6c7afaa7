// What every benchmark says about the machine it ran on: the load average at its start and end, and
// whether its figure can decide a target. A run that starts at a one-minute load above 1.5 (other
// work on the machine) is "not a verdict": the figures of such runs have swung by half.
import { loadavg } from 'node:os';

const QUIET = 1.5;
const atStart = loadavg();
const startLoad = atStart[0]!;
const show = (loads: number[]) => loads.map((l) => l.toFixed(2)).join(' ');

/** The load averages now (1, 5, 15 minutes). */
export const loadNow = () => show(loadavg());

/** The benchmark's first line about the machine. */
export const loadAtStart = () =>
  `load average at start ${show(atStart)}` + (startLoad > QUIET ? ` (above ${QUIET}: this run is not a verdict)` : '');

/** Appended to a figure: the load now, and "not a verdict" when the run started on a busy machine. */
export const verdictNote = () => `load average ${loadNow()}; ${startLoad > QUIET ? 'not a verdict' : 'a verdict'}`;

/** The median of the values (three pairs' ratios: the middle one). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
