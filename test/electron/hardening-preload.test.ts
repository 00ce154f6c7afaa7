import { describe, expect, it, vi } from 'vitest';
import { API_KEY } from '@shared/ipc/api';
import { CHANNELS, EVENTS } from '@shared/ipc/contract';

// The real preload module, run against stand-ins for the two Electron objects it may touch.
const bridge = vi.hoisted(() => ({
  exposed: [] as Array<[string, unknown]>,
  invoked: [] as unknown[][],
  ipcRenderer: {} as Record<string, unknown>,
  listeners: new Map<string, Array<(...args: unknown[]) => void>>(),
}));
vi.mock('electron', () => {
  const ipcRenderer = {
    invoke: async (...args: unknown[]) => {
      bridge.invoked.push(args);
      return { ok: true, data: { echoed: args[0] } };
    },
    send: () => bridge.invoked.push(['send']),
    on: (event: string, handler: (...args: unknown[]) => void) => {
      bridge.listeners.set(event, [...(bridge.listeners.get(event) ?? []), handler]);
    },
    removeListener: (event: string, handler: (...args: unknown[]) => void) => {
      bridge.listeners.set(
        event,
        (bridge.listeners.get(event) ?? []).filter((h) => h !== handler),
      );
    },
  };
  bridge.ipcRenderer = ipcRenderer;
  return {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => bridge.exposed.push([key, api]) },
    ipcRenderer,
  };
});
// The app's own page, opened on New entry: the preload asks that screen's reads a task after it ran.
// The clock is held, so the answers it keeps (5 s) are still waiting when the tests below look.
vi.stubGlobal('window', { location: { protocol: 'app:', hash: '#/new-entry' } });
vi.useFakeTimers();
await import('../../electron/preload/index');
const askedAtStart = [...bridge.invoked];
await vi.advanceTimersByTimeAsync(0);
vi.useRealTimers();
const askedAfterPreload = bridge.invoked.splice(0);

/** Every value reachable from `root`, own properties only. */
function reachable(root: unknown, seen = new Set<unknown>()): unknown[] {
  if ((typeof root !== 'object' && typeof root !== 'function') || root === null || seen.has(root)) return [];
  seen.add(root);
  return [root, ...Object.values(root).flatMap((value) => reachable(value, seen))];
}

describe('preload', () => {
  it('exposes one frozen object of named functions, one per contract channel and event', () => {
    expect(bridge.exposed).toHaveLength(1);
    const [key, api] = bridge.exposed[0] ?? [];
    expect(key).toBe(API_KEY);
    const shape = Object.fromEntries(
      Object.entries(api as Record<string, Record<string, unknown>>).map(([domain, verbs]) => [
        domain,
        Object.keys(verbs).sort(),
      ]),
    );
    const expected: Record<string, string[]> = {};
    for (const channel of CHANNELS) {
      const [domain = '', verb = ''] = channel.split(':');
      (expected[domain] ??= []).push(verb);
    }
    for (const event of EVENTS) {
      const [domain = '', name = ''] = event.split(':');
      (expected[domain] ??= []).push(`on${name.charAt(0).toUpperCase()}${name.slice(1)}`);
    }
    for (const verbs of Object.values(expected)) verbs.sort();
    expect(shape).toEqual(expected);
    expect(reachable(api).every((value) => typeof value === 'function' || Object.isFrozen(value))).toBe(true);
  });

  it('hands the page neither ipcRenderer nor a generic invoke', () => {
    const values = reachable(bridge.exposed[0]?.[1]);
    for (const forbidden of Object.values(bridge.ipcRenderer)) expect(values).not.toContain(forbidden);
    expect(values).not.toContain(bridge.ipcRenderer);
    for (const value of values)
      if (typeof value === 'object') expect(Object.keys(value as object)).not.toContain('invoke');
  });

  it('each function invokes exactly its own channel with the request alone', async () => {
    const api = bridge.exposed[0]?.[1] as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
    bridge.invoked.length = 0;
    for (const channel of CHANNELS) {
      const [domain = '', verb = ''] = channel.split(':');
      const request = { probe: channel };
      expect(await api[domain]?.[verb]?.(request, 'extra argument')).toEqual({ ok: true, data: { echoed: channel } });
    }
    expect(bridge.invoked).toEqual(CHANNELS.map((channel) => [channel, { probe: channel }]));
  });

  it('a subscription delivers the payload alone, never the event object, and unsubscribes', () => {
    const api = bridge.exposed[0]?.[1] as { journal: { onChanged(l: (...args: unknown[]) => void): () => void } };
    const received: unknown[][] = [];
    const before = bridge.listeners.get('journal:changed') ?? [];
    const unsubscribe = api.journal.onChanged((...args) => received.push(args));
    const [handler] = (bridge.listeners.get('journal:changed') ?? []).filter((h) => !before.includes(h));
    const electronEvent = { sender: { send: () => undefined }, ports: [] };
    handler?.(electronEvent, { id: 1, state: 'accepted' });
    expect(received).toEqual([[{ id: 1, state: 'accepted' }]]);
    unsubscribe();
    expect(bridge.listeners.get('journal:changed')).toEqual(before);
  });

  it("asks the first screen's reads once it has run, and stops watching the journal once they are forgotten", () => {
    expect(askedAtStart).toEqual([]);
    expect(askedAfterPreload).toEqual([
      ['profiles:list', {}],
      ['drafts:get', { screen: 'new-entry' }],
    ]);
    // A journal change drops the answers not taken yet, and with them the preload's own listener.
    const [watch] = bridge.listeners.get('journal:changed') ?? [];
    expect(watch).toBeTypeOf('function');
    watch!({}, []);
    expect(bridge.listeners.get('journal:changed')).toEqual([]);
  });
});
