import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { payloadHash } from '@main/journal/payload-hash';

// The journal keeps these hashes: a new way of computing them must give the same values as before.
const before = (kind: string, payload: Record<string, string>) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        kind,
        Object.keys(payload)
          .sort()
          .map((k) => [k, payload[k]]),
      ]),
    )
    .digest('hex');

it('hashes kind and payload as the journal always has, whatever the order of the keys', () => {
  const payload = { surname: 'Oduya', reference: 'R-1', postcode: 'LS14 4AP', policy: 'FG-1' };
  const reordered = { policy: 'FG-1', postcode: 'LS14 4AP', reference: 'R-1', surname: 'Oduya' };
  expect(payloadHash('entry', payload)).toBe(before('entry', payload));
  expect(payloadHash('entry', reordered)).toBe(before('entry', payload));
  expect(payloadHash('entry', payload)).toBe(payloadHash('entry', payload)); // the shape's keys, kept, give the same
  expect(payloadHash('cancellation', payload)).not.toBe(payloadHash('entry', payload));
  expect(payloadHash('entry', { ...payload, surname: 'Oduyа' })).not.toBe(payloadHash('entry', payload));
  expect(payloadHash('entry', { a: '1' })).toBe(before('entry', { a: '1' }));
});
