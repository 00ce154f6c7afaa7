import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApi } from '@shared/ipc/api';
import type { Channel } from '@shared/ipc/channels';
import { askAtStartup, JOURNAL_WINDOW, startupReads } from '@shared/ipc/startup-reads';
import { routeOf, splitHash } from '@shared/route';

describe('the hash route', () => {
  it('names a screen, New entry for none or an unknown one', () => {
    expect(routeOf('')).toBe('new-entry');
    expect(routeOf('#/journal?states=unknown')).toBe('journal');
    expect(routeOf('#journal')).toBe('journal');
    expect(routeOf('#/nowhere')).toBe('new-entry');
    expect(splitHash('#/journal?states=unknown&id=4')).toEqual(['journal', 'states=unknown&id=4']);
  });
});

describe('startupReads', () => {
  it('asks the profiles and the draft for New entry', () => {
    expect(startupReads('')).toEqual([
      ['profiles:list', {}],
      ['drafts:get', { screen: 'new-entry' }],
    ]);
  });

  it("asks the unfiltered Journal's first window, with or without a row open", () => {
    const first = ['journal:list', { sort: 'created_at', direction: 'desc', offset: 0, limit: JOURNAL_WINDOW }];
    expect(startupReads('#/journal')).toEqual([['profiles:list', {}], first]);
    expect(startupReads('#/journal?id=12')).toEqual([['profiles:list', {}], first]);
  });

  it('asks only the profiles for a filtered Journal and the other screens', () => {
    expect(startupReads('#/journal?states=unknown')).toEqual([['profiles:list', {}]]);
    expect(startupReads('#/settings')).toEqual([['profiles:list', {}]]);
    expect(startupReads('#/cancellation')).toEqual([['profiles:list', {}]]);
  });
});

/** A task later: the preload has run, and the reads it asked for are on their way. */
const afterPreload = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('askAtStartup', () => {
  afterEach(() => vi.useRealTimers());

  it('asks once the preload has run, and hands each answer once, to an equal request in any key order', async () => {
    const invoke = vi.fn((channel: Channel, request: unknown) => Promise.resolve({ ok: true, channel, request }));
    const { take } = askAtStartup(invoke, [['journal:list', { sort: 'created_at', direction: 'desc', offset: 0 }]]);
    // Not while the preload itself runs: Electron may not know yet which page is calling.
    expect(invoke).not.toHaveBeenCalled();
    await afterPreload();
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(take('journal:list', { sort: 'created_at', direction: 'asc', offset: 0 })).toBeUndefined();
    expect(take('journal:attention', {})).toBeUndefined();
    // A key present with no value is another request (main's strict schema refuses keys it does not know).
    expect(take('journal:list', { sort: 'created_at', direction: 'desc', offset: 0, text: undefined })).toBeUndefined();
    const answer = take('journal:list', { offset: 0, direction: 'desc', sort: 'created_at' });
    await expect(answer).resolves.toEqual({
      ok: true,
      channel: 'journal:list',
      request: { sort: 'created_at', direction: 'desc', offset: 0 },
    });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(take('journal:list', { sort: 'created_at', direction: 'desc', offset: 0 })).toBeUndefined();
  });

  it('keeps an answer for five seconds only', () => {
    vi.useFakeTimers();
    const { take } = askAtStartup(() => Promise.resolve({ ok: true }), [['profiles:list', {}]]);
    vi.advanceTimersByTime(5001);
    expect(take('profiles:list', {})).toBeUndefined();
  });

  it('asks main afresh for the call that takes a refusal or a failure, and leaves none unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      // Made when asked for, as main's answers are.
      const answers: Array<() => Promise<unknown>> = [
        () =>
          Promise.resolve({
            ok: false,
            error: { code: 'forbidden', message: 'Calls are accepted from the Feed Desk window only' },
          }),
        () => Promise.reject(new Error('main is gone')),
        () => Promise.reject(new Error('main is gone')),
      ];
      const invoke = vi.fn(() => (answers.shift() ?? (() => Promise.resolve({ ok: true, data: 'afresh' })))());
      const { take } = askAtStartup(invoke, [
        ['profiles:list', {}],
        ['drafts:get', { screen: 'new-entry' }],
        ['journal:attention', {}],
      ]);
      await expect(take('profiles:list', {})).resolves.toEqual({ ok: true, data: 'afresh' });
      await expect(take('drafts:get', { screen: 'new-entry' })).resolves.toEqual({ ok: true, data: 'afresh' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(invoke).toHaveBeenCalledTimes(5);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('forgets the answers not handed on yet', async () => {
    const invoke = vi.fn(() => Promise.resolve({ ok: true }));
    const early = askAtStartup(invoke, [['profiles:list', {}]]);
    early.forget();
    expect(early.take('profiles:list', {})).toBeUndefined();
  });
});

describe('buildApi with startup reads', () => {
  it('drops an answer not taken yet when the journal changes: the page asks afresh', async () => {
    let changed = () => undefined as void;
    const invoke = vi.fn(() => Promise.resolve({ ok: true, data: { rows: [], total: 0, about: false } }));
    const api = buildApi(
      invoke,
      (event, listener) => {
        if (event === 'journal:changed') changed = () => listener([]);
        return () => undefined;
      },
      startupReads('#/journal'),
    );
    await afterPreload();
    expect(invoke).toHaveBeenCalledTimes(2);
    changed();
    await api.journal.list({ sort: 'created_at', direction: 'desc', offset: 0, limit: 100 });
    expect(invoke).toHaveBeenCalledTimes(3);
  });

  it("answers the page's first equal call from the read asked at start, later calls afresh", async () => {
    let n = 0;
    const invoke = vi.fn(() => Promise.resolve({ ok: true, data: { call: (n += 1) } }));
    const api = buildApi(invoke, () => () => undefined, startupReads(''));
    await afterPreload();
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(await api.drafts.get({ screen: 'new-entry' })).toEqual({ ok: true, data: { call: 2 } });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(await api.drafts.get({ screen: 'new-entry' })).toEqual({ ok: true, data: { call: 3 } });
    expect(invoke).toHaveBeenCalledTimes(3);
  });
});
