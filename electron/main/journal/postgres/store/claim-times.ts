import { appendFileSync } from 'node:fs';

/** Where a benchmark asks the desk to write each claim's round trip in ms, one a line (bench/office.ts). */
const FILE = process.env.FEED_DESK_CLAIM_TIMES;

/** Runs a claim; when FEED_DESK_CLAIM_TIMES names a file, appends its round trip there. */
export async function timedClaim<T>(claim: () => Promise<T>): Promise<T> {
  if (!FILE) return claim();
  const started = performance.now();
  const result = await claim();
  appendFileSync(FILE, `${(performance.now() - started).toFixed(2)}\n`);
  return result;
}
