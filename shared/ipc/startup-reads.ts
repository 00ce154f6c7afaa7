import type { Channel } from './channels';
import { routeOf, splitHash } from '../route';

/** A read the first screen makes: its channel and request. */
export type StartupRead = readonly [channel: Channel, request: unknown];

/** New entry's draft slot in the journal database. */
export const ENTRY_DRAFT_SCREEN = 'new-entry';
/** Journal rows fetched per request: a few screens' worth, so scrolling asks main rarely and each answer stays small. */
export const JOURNAL_WINDOW = 100;
/** The Journal's order when none is chosen: newest first, the way a supervisor starts the day. */
export const JOURNAL_DEFAULT_SORT = { sort: 'created_at', direction: 'desc' } as const;

/**
 * The reads the screen a page opens on (by its hash) makes before it can show anything: the
 * profiles for every screen, New entry's draft, the unfiltered Journal's first window. The preload
 * asks them as the page starts loading, so they are answered while the page's script loads.
 */
export function startupReads(hash: string): StartupRead[] {
  const reads: StartupRead[] = [['profiles:list', {}]];
  const route = routeOf(hash);
  if (route === 'new-entry') reads.push(['drafts:get', { screen: ENTRY_DRAFT_SCREEN }]);
  const query = new URLSearchParams(splitHash(hash)[1]);
  query.delete('id');
  if (route === 'journal' && query.size === 0) {
    reads.push(['journal:list', { ...JOURNAL_DEFAULT_SORT, offset: 0, limit: JOURNAL_WINDOW }]);
  }
  return reads;
}

let unmatched = 0;

/**
 * A request as text with object keys in order, so two equal requests give the same text. A key
 * present with no value counts (main's strict schemas refuse keys they do not know); anything but
 * plain data gives text no other request gives.
 */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    if (Object.getPrototypeOf(value) !== Object.prototype) return `unmatched ${(unmatched += 1)}`;
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol') {
    return `unmatched ${(unmatched += 1)}`;
  }
  return JSON.stringify(value);
}

/** How long an answer asked at start is kept for the page: a later call asks afresh. */
const KEPT_MS = 5000;

/** Whether an answer is a success (`{ ok: true, ... }`, see result.ts). */
const succeeded = (answer: unknown): boolean => (answer as { ok?: unknown } | null)?.ok === true;

/** The answers asked at start: `take` hands one on, `forget` drops those not handed on yet. */
export interface StartupAnswers {
  take(channel: Channel, request: unknown): Promise<unknown> | undefined;
  forget(): void;
}

/**
 * Asks `reads` as soon as the preload has run (Electron may not know which page sends a call made
 * while the preload itself runs, and main refuses a sender it cannot check). `take` hands each
 * answer, once, to the page's first call with the same channel and an equal request (undefined for
 * any other call, after KEPT_MS, or after `forget`, which then calls `onForget`). An answer that is
 * not a success is not handed on: that call asks main afresh.
 */
export function askAtStartup(
  invoke: (channel: Channel, request: unknown) => Promise<unknown>,
  reads: readonly StartupRead[],
  onForget: () => void = () => undefined,
): StartupAnswers {
  const asked = new Map<string, Promise<unknown>>();
  const channels = new Set(reads.map(([channel]) => channel));
  const preloadDone = new Promise((resolve) => setTimeout(resolve, 0));
  for (const [channel, request] of reads) {
    const answer = preloadDone.then(() => invoke(channel, request));
    // A failure is met by the page's own call; one never called for is not an unhandled rejection.
    answer.catch(() => undefined);
    asked.set(`${channel} ${canonical(request)}`, answer);
  }
  const forget = () => {
    asked.clear();
    channels.clear();
    onForget();
  };
  if (asked.size > 0) setTimeout(forget, KEPT_MS);
  return {
    forget,
    take(channel, request) {
      if (!channels.has(channel)) return undefined;
      const key = `${channel} ${canonical(request)}`;
      const answer = asked.get(key);
      asked.delete(key);
      const afresh = () => invoke(channel, request);
      return answer?.then((early) => (succeeded(early) ? early : afresh()), afresh);
    },
  };
}
