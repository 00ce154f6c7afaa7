import { hash } from 'node:crypto';

/** The sorted keys of the payload shapes seen (a file's rows share a few), so each row is not sorted again. */
const sortedKeys = new Map<string, string[]>();

/** A stable hash of a submission's kind and validated payload (key order does not matter). */
export function payloadHash(kind: string, payload: Record<string, string>): string {
  const keys = Object.keys(payload);
  const shape = keys.join('\0');
  let sorted = sortedKeys.get(shape);
  if (!sorted) {
    sorted = keys.sort();
    if (sortedKeys.size < 1000) sortedKeys.set(shape, sorted);
  }
  const canonical = JSON.stringify([kind, sorted.map((k) => [k, payload[k]])]);
  return hash('sha256', canonical, 'hex'); // one call: a bulk import hashes every row of its file
}
