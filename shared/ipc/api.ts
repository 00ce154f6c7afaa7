import { CHANNELS, type Channel } from './channels';
import type { RequestOf, ResponseOf } from './contract';
import type { Result } from './result';

type Domain<C extends string> = C extends `${infer D}:${string}` ? D : never;
type Verb<C extends string, D extends string> = C extends `${D}:${infer V}` ? V : never;

/** The renderer's API: `api.entries.submit(request)` for each `entries:submit` channel, and so on. */
export type FeedDeskApi = {
  [D in Domain<Channel>]: {
    [V in Verb<Channel, D>]: (
      request: RequestOf<`${D}:${V}` & Channel>,
    ) => Promise<Result<ResponseOf<`${D}:${V}` & Channel>>>;
  };
};

/** The name under which the preload exposes the API on `window`. */
export const API_KEY = 'feedDesk';

/**
 * Builds the named-function API from the contract over a transport. The transport stays in the
 * closure: the page gets named functions only, never a generic invoke.
 */
export function buildApi(invoke: (channel: Channel, request: unknown) => Promise<unknown>): FeedDeskApi {
  const api: Record<string, Record<string, (request: unknown) => Promise<unknown>>> = {};
  for (const channel of CHANNELS) {
    const [domain = '', verb = ''] = channel.split(':');
    (api[domain] ??= {})[verb] = (request: unknown) => invoke(channel, request);
  }
  for (const group of Object.values(api)) Object.freeze(group);
  return Object.freeze(api) as unknown as FeedDeskApi;
}
