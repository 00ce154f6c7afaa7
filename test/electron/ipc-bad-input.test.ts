import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/ipc/contract';
import { ERROR_CODES } from '../../shared/ipc/result';
import { createDispatch, type Dispatch } from '../../electron/main/ipc/dispatch';
import { createHandlers } from '../../electron/main/ipc/handlers';
import { startCoreRig, type CoreRig } from '../support/core';

let rig: CoreRig;
let dispatch: Dispatch;
beforeAll(async () => {
  rig = await startCoreRig();
  dispatch = createDispatch(
    createHandlers(rig.core, { version: 't', operator: 't', sandboxUrl: () => rig.sandbox.url }),
  );
});
afterAll(() => rig.close());

const huge = 'x'.repeat(2_000_000);
const MALFORMED: Array<[string, unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ['a number', 42],
  ['a string', 'entries'],
  ['an array', [1, 2]],
  ['an extra key', { unexpected: true }],
  ['__proto__', JSON.parse('{"__proto__": {"polluted": true}, "name": "Sandbox"}')],
  ['constructor', JSON.parse('{"constructor": {"prototype": {"polluted": true}}}')],
  ['a huge string everywhere', { name: huge, profile: huge, screen: huge, json: huge, input: { surname: huge } }],
  ['wrong types', { name: 5, profile: [], input: 'x', screen: {}, clientId: 1, json: null }],
];

describe('every IPC channel fed malformed payloads', () => {
  for (const channel of CHANNELS) {
    it.each(MALFORMED)(`${channel} with %s → a typed error, never a crash`, async (_label, payload) => {
      const answer = await dispatch(channel, payload);
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(ERROR_CODES).toContain(answer.error.code);
      expect(answer.error.code).not.toBe('internal');
      expect(typeof answer.error.message).toBe('string');
    });
  }

  it('an unknown channel is refused', async () => {
    expect(await dispatch('fs:readFile', { path: '/etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await dispatch('__proto__', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('leaves Object.prototype unpolluted', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
