import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_SPEC_EXAMPLES, parseFaultSpec } from '../../../electron/sandbox/fault-spec';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { bearer, post } from './helpers';

describe('parseFaultSpec', () => {
  it.each([
    ['entry:status=502:store', { target: 'entry', times: 1, fault: { kind: 'status', status: 502, store: true } }],
    ['entry:status=504:no-store', { target: 'entry', times: 1, fault: { kind: 'status', status: 504, store: false } }],
    ['token:status=401', { target: 'token', times: 1, fault: { kind: 'status', status: 401, store: false } }],
    [
      'entry:status=429:retry-after=2',
      { target: 'entry', times: 1, fault: { kind: 'status', status: 429, store: false, retryAfter: 2 } },
    ],
    [
      'entry:status=429:retry-after=2:x3',
      { target: 'entry', times: 3, fault: { kind: 'status', status: 429, store: false, retryAfter: 2 } },
    ],
    ['entry:drop=after-store', { target: 'entry', times: 1, fault: { kind: 'drop', when: 'after-store' } }],
    [
      'cancellation:drop=before-store:times=2',
      { target: 'cancellation', times: 2, fault: { kind: 'drop', when: 'before-store' } },
    ],
    ['entry:latency=2000', { target: 'entry', times: 1, fault: { kind: 'latency', ms: 2000 } }],
    ['entry:garbage:x5', { target: 'entry', times: 5, fault: { kind: 'garbage' } }],
    ['entry:hang', { target: 'entry', times: 1, fault: { kind: 'hang', store: true } }],
    ['entry:hang:no-store', { target: 'entry', times: 1, fault: { kind: 'hang', store: false } }],
    ['token:echo', { target: 'token', times: 1, fault: { kind: 'echo', status: 400 } }],
    [' entry:echo=422 ', { target: 'entry', times: 1, fault: { kind: 'echo', status: 422 } }],
  ])('reads %s', (spec, expected) => {
    expect(parseFaultSpec(spec)).toEqual(expected);
  });

  it.each([
    ['', /target must be token, entry or cancellation/],
    ['server:status=500', /target must be/],
    ['entry', /fault must be status, drop, latency, garbage, hang or echo/],
    ['entry:explode', /fault must be/],
    ['entry:status', /status takes a whole number/],
    ['entry:status=abc', /status takes a whole number/],
    ['entry:status=200', /status .*400/],
    ['entry:status=600', /status .*599/],
    ['entry:drop', /drop takes before-store or after-store/],
    ['entry:latency=-5', /latency takes a whole number/],
    ['entry:latency=999999', /ms .*120000/],
    ['entry:garbage=1', /garbage takes no value/],
    ['entry:garbage:store', /garbage does not take :store/],
    ['entry:drop=after-store:retry-after=2', /drop does not take :retry-after/],
    ['entry:status=429:retry-after', /retry-after takes a whole number/],
    ['entry:status=502:store=yes', /:store takes no value/],
    ['entry:status=502:x0', /times/],
    ['entry:status=502:times=many', /times takes a whole number/],
  ])('refuses %j in plain words', (spec, why) => {
    expect(() => parseFaultSpec(spec)).toThrow(why);
    expect(() => parseFaultSpec(spec)).toThrow(`Fault "${spec}"`);
  });

  it('reads every documented example', () => {
    for (const spec of FAULT_SPEC_EXAMPLES) expect(() => parseFaultSpec(spec)).not.toThrow();
  });
});

describe('a parsed spec steers a running sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('entry:status=429:retry-after=2:x2 answers 429 twice, then stores', async () => {
    const queued = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify(parseFaultSpec('entry:status=429:retry-after=2:x2')),
    });
    expect(queued.status).toBe(204);
    const auth = await bearer(sandbox.url);
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await post(sandbox.url, '/v1/feed/createentry', auth);
      answers.push([res.status, res.headers.get('retry-after')]);
    }
    expect(answers).toEqual([
      [429, '2'],
      [429, '2'],
      [201, null],
    ]);
    expect(sandbox.records.length).toBe(1);
  });
});
