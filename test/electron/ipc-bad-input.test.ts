import { testDesktop } from '../support/desktop';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, CONTRACT, type Channel } from '@shared/ipc/contract';
import { ERROR_CODES } from '@shared/ipc/result';
import { createDispatch, type Dispatch, type Handlers } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { fail } from '@main/ipc/ipc-failure';
import { startCoreRig, type CoreRig } from '../support/core';

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
  let rig: CoreRig;
  let dispatch: Dispatch;
  beforeAll(async () => {
    rig = await startCoreRig();
    dispatch = createDispatch(createHandlers(rig.core, testDesktop().desktop));
  });
  afterAll(() => rig?.close());

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
});

/** A valid request per channel: the baseline each hostile variant below departs from. */
const VALID: Partial<Record<Channel, Record<string, unknown>>> = {
  'profiles:list': {},
  'profiles:save': { profile: { name: 'Prod' } },
  'profiles:remove': { name: 'Prod' },
  'profiles:use': { name: 'Sandbox' },
  'profiles:export': {},
  'profiles:import': { json: '{}' },
  'credentials:save': { profile: 'Prod', clientId: 'id', clientSecret: 'secret' },
  'credentials:delete': { profile: 'Prod' },
  'connection:test': { profile: 'Sandbox' },
  'cancellations:submit': { profile: 'Sandbox', input: { recordid: '1', reason: 'x' } },
  'entries:submit': { profile: 'Sandbox', input: { surname: 'Smith' } },
  'entries:customer': { profile: 'Sandbox', surname: 'Smith', postcode: 'LS1 4AP' },
  'drafts:get': { screen: 'new-entry' },
  'drafts:save': { screen: 'new-entry', profile: 'Sandbox', payload: { surname: 'Smith' } },
  'drafts:delete': { screen: 'new-entry' },
  'journal:list': { text: 'Smith', states: ['unknown'] },
  'journal:attention': {},
  'journal:facets': {},
  'journal:get': { id: 1 },
  'journal:resolve': { id: 1, action: 'accept', recordid: 5 },
  'journal:review': { ids: [1, 2], note: 'ok' },
  'journal:export': { states: ['rejected'] },
  'journal:report': { from: '2026-11-01', to: '2026-11-02' },
  'journal:savePdf': { from: '2026-11-01', to: '2026-11-02' },
  'journal:location': {},
  'journal:chooseCaFile': {},
  'app:dataFolder': {},
  'app:openDataFolder': {},
  'journal:configure': { settings: { kind: 'local' } },
  'journal:testOffice': { office: { host: '127.0.0.1', port: 1, database: 'x', user: 'u', tls: 'off' } },
  'outbox:status': {},
  'outbox:pause': { profile: 'Sandbox', paused: true },
  'outbox:sendNow': { profile: 'Sandbox' },
  'imports:choose': {},
  'imports:check': { file: 'f1', profile: 'Sandbox', dateOrder: 'YYYY-MM-DD' },
  'imports:start': { file: 'f1', profile: 'Sandbox', dateOrder: 'DD/MM/YYYY', sendDuplicates: [3] },
  'imports:status': { batch: 1 },
  'imports:pause': { batch: 1, paused: true },
  'imports:cancel': { batch: 1, discard: false },
  'imports:retryFailed': { batch: 1 },
  'imports:exportRejected': { file: 'f1', profile: 'Sandbox', dateOrder: 'YYYY-MM-DD', fixes: [{ row: 2, input: {} }] },
  'imports:exportResults': { batch: 1 },
  'imports:recent': {},
  'office:setup': {
    office: { host: '127.0.0.1', port: 1, database: 'x', user: 'owner', tls: 'off' },
    password: 'pw',
  },
  'office:ownerSignIn': { user: 'owner', password: 'pw' },
  'office:ownerSignOut': {},
  'office:people': {},
  'office:addPerson': { name: 'clara', role: 'clerk' },
  'office:setRole': { name: 'clara', role: 'supervisor' },
  'office:setSignIn': { name: 'clara', canSignIn: false },
  'office:importLocal': {},
  'office:audit': {},
  'privacy:find': { surname: 'Smith', postcode: 'LS1 4AP' },
  'privacy:export': { ids: [1, 2], format: 'json' },
  'privacy:erase': { ids: [1], reason: 'erasure request 7' },
  'privacy:retention': {},
  'privacy:setRetention': { days: 90 },
  'privacy:purge': {},
  'app:about': {},
  'app:saveDiagnostics': {},
  'updates:status': {},
  'updates:setFeed': { feed: 'https://updates.office.example/feed-desk/' },
  'updates:check': {},
  'updates:restart': {},
};

/** The real dispatcher over handlers that only record the request they were handed. */
function recordingDispatch() {
  const received: unknown[] = [];
  const record = (request: unknown) => {
    received.push(request);
    return fail('not-found', 'recorded');
  };
  const handlers = Object.fromEntries(CHANNELS.map((channel) => [channel, record])) as unknown as Handlers;
  return { dispatch: createDispatch(handlers), received };
}

const copy = <T>(value: T): T => structuredClone(value);
/** A new plain object: anything found on it came from Object.prototype. */
const freshObject = () => ({}) as Record<string, unknown>;

/** Sets an own, enumerable key literally named `__proto__` (as JSON.parse or a structured clone can). */
function withOwnProto(target: Record<string, unknown>): Record<string, unknown> {
  Object.defineProperty(target, '__proto__', {
    value: { polluted: 'yes' },
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return target;
}

/** The same data with no prototype anywhere, as an object from another realm or a bare map may be. */
function nullPrototype(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const bare = Object.create(null) as Record<string, unknown>;
  for (const [key, inner] of Object.entries(value)) bare[key] = nullPrototype(inner);
  return bare;
}

/** Every plain object reachable from `value`, with where it sits. */
function objectsIn(value: unknown, path = 'request'): Array<[string, object]> {
  if (typeof value !== 'object' || value === null) return [];
  return [[path, value], ...Object.entries(value).flatMap(([key, inner]) => objectsIn(inner, `${path}.${key}`))];
}

const HOSTILE: Array<[string, (valid: Record<string, unknown>) => unknown]> = [
  ['an own __proto__ key', (valid) => withOwnProto(copy(valid))],
  [
    'a JSON own __proto__ key',
    (valid) => {
      const key = `{"__proto__":{"polluted":"yes"}${Object.keys(valid).length > 0 ? ',' : ''}`;
      return JSON.parse(JSON.stringify(valid).replace('{', key)) as unknown;
    },
  ],
  ['a constructor.prototype key', (valid) => ({ ...copy(valid), constructor: { prototype: { polluted: 'yes' } } })],
  ['an extra key', (valid) => ({ ...copy(valid), unexpected: true })],
];

describe('requests are validated into fresh objects; nothing merges input unsafely', () => {
  afterEach(() => {
    // A dispatcher that pollutes must fail the test that caught it, not every test after it.
    delete (Object.prototype as Record<string, unknown>).polluted;
  });

  it.each(CHANNELS)('%s: the valid baseline reaches its handler', async (channel) => {
    const valid = VALID[channel];
    expect(valid, `add a valid sample request for ${channel} to VALID`).toBeDefined();
    expect(CONTRACT[channel].request.safeParse(valid).success).toBe(true);
    const { dispatch, received } = recordingDispatch();
    expect(await dispatch(channel, copy(valid))).toMatchObject({ ok: false, error: { message: 'recorded' } });
    expect(received).toHaveLength(1);
  });

  for (const [label, build] of HOSTILE) {
    it.each(CHANNELS)(
      `%s with ${label}: refused by the strict schema, no handler runs, nothing polluted`,
      async (channel) => {
        const { dispatch, received } = recordingDispatch();
        const answer = await dispatch(channel, build(VALID[channel] ?? {}));
        expect(freshObject().polluted).toBeUndefined();
        expect(answer).toMatchObject({ ok: false, error: { code: 'invalid' } });
        expect(received).toEqual([]);
      },
    );
  }

  it.each(CHANNELS)('%s with no prototype: the handler gets fresh plain objects, not the caller’s', async (channel) => {
    const payload = nullPrototype(copy(VALID[channel] ?? {}));
    const { dispatch, received } = recordingDispatch();
    await dispatch(channel, payload);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).not.toBe(payload);
    for (const [path, object] of objectsIn(request)) {
      // `profiles:save` takes `profile` as unknown on purpose: its handler parses it with profileSchema.
      if (channel === 'profiles:save' && path.startsWith('request.profile')) continue;
      expect(Object.getPrototypeOf(object), path).toBe(Array.isArray(object) ? Array.prototype : Object.prototype);
    }
  });

  it.each(CHANNELS)('%s with inherited keys: none reach the handler', async (channel) => {
    const payload = Object.assign(
      Object.create({ polluted: 'yes', name: 'Inherited' }) as object,
      copy(VALID[channel]),
    );
    const { dispatch, received } = recordingDispatch();
    await dispatch(channel, payload);
    for (const request of received) {
      expect(request).not.toBe(payload);
      expect('polluted' in (request as object)).toBe(false);
      const inherited: string[] = [];
      for (const key in request as object) if (!Object.hasOwn(request as object, key)) inherited.push(key);
      expect(inherited).toEqual([]);
    }
  });

  it.each([
    ['entries:submit', 'input'],
    ['drafts:save', 'payload'],
  ] as const)(
    '%s with __proto__ inside its %s map: dropped, the map stays plain, nothing polluted',
    async (channel, field) => {
      const valid = copy(VALID[channel] ?? {});
      const payload = { ...valid, [field]: withOwnProto({ ...(valid[field] as object) }) };
      const { dispatch, received } = recordingDispatch();
      const answer = await dispatch(channel, payload);
      expect(freshObject().polluted).toBeUndefined();
      if (received.length === 0) {
        expect(answer).toMatchObject({ ok: false, error: { code: 'invalid' } });
        return;
      }
      const map = (received[0] as Record<string, object>)[field] as object;
      expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
      expect(Object.hasOwn(map, '__proto__')).toBe(false);
      expect('polluted' in map).toBe(false);
      expect(map).toEqual(valid[field]);
    },
  );
});
