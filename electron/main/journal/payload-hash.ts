import { createHash } from 'node:crypto';

/** A stable hash of a submission's kind and validated payload (key order does not matter). */
export function payloadHash(kind: string, payload: Record<string, string>): string {
  const canonical = JSON.stringify([
    kind,
    Object.keys(payload)
      .sort()
      .map((k) => [k, payload[k]]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
