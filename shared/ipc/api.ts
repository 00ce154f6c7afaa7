import { CHANNELS, EVENTS, type Channel, type EventName } from './channels';
import type { EventOf, RequestOf, ResponseOf } from './contract';
import type { Result } from './result';
import { askAtStartup, type StartupRead } from './startup-reads';

type Domain<C extends string> = C extends `${infer D}:${string}` ? D : never;
type Verb<C extends string, D extends string> = C extends `${D}:${infer V}` ? V : never;

type Calls = {
  [D in Domain<Channel>]: {
    [V in Verb<Channel, D>]: (
      request: RequestOf<`${D}:${V}` & Channel>,
    ) => Promise<Result<ResponseOf<`${D}:${V}` & Channel>>>;
  };
};

/** `journal:changed` → `onChanged`. */
type Handler<E extends string> = `on${Capitalize<E>}`;
type Subscriptions = {
  [D in Domain<EventName>]: {
    [E in Verb<EventName, D> as Handler<E>]: (
      listener: (payload: EventOf<`${D}:${E}` & EventName>) => void,
    ) => () => void;
  };
};

/**
 * The renderer's API: `api.entries.submit(request)` for each `entries:submit` channel, and
 * `api.journal.onChanged(listener)` (returning an unsubscribe function) for each pushed event.
 */
export type FeedDeskApi = Calls & Subscriptions;

/** Subscribes a listener to a pushed event; returns the unsubscribe function. */
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

/** The name under which the preload exposes the API on `window`. */
export const API_KEY = 'feedDesk';

/**
 * Builds the named-function API from the contract over a transport. The transport stays in the
 * closure: the page gets named functions only, never a generic invoke. `startup` reads are asked
 * as soon as the preload has run, and answer the page's first equal call (see `askAtStartup`).
 */
export function buildApi(
  invoke: (channel: Channel, request: unknown) => Promise<unknown>,
  subscribe: Subscribe,
  startup: readonly StartupRead[] = [],
): FeedDeskApi {
  // A journal change before the page took an answer: the page asks afresh (watched while answers wait).
  let stopWatching = () => undefined as void;
  const early = askAtStartup(invoke, startup, () => stopWatching());
  if (startup.length > 0) stopWatching = subscribe('journal:changed', () => early.forget());
  const api: Record<string, Record<string, (arg: never) => unknown>> = {};
  for (const channel of CHANNELS) {
    const [domain = '', verb = ''] = channel.split(':');
    (api[domain] ??= {})[verb] = (request: unknown) => early.take(channel, request) ?? invoke(channel, request);
  }
  for (const event of EVENTS) {
    const [domain = '', name = ''] = event.split(':');
    const key = `on${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    (api[domain] ??= {})[key] = (listener: (payload: unknown) => void) => subscribe(event, (p) => listener(p));
  }
  for (const group of Object.values(api)) Object.freeze(group);
  return Object.freeze(api) as unknown as FeedDeskApi;
}
