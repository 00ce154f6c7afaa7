import { API_KEY, type FeedDeskApi } from '@shared/ipc/api';

/** The preload's API: named functions only, one per IPC channel. */
export const api = (window as unknown as Record<typeof API_KEY, FeedDeskApi>)[API_KEY];

/**
 * One call of the API, looked up in the preload's API when it is made (so a module of calls can be
 * imported before the page has its API, as the renderer's unit tests do), typed as the API types it.
 */
export function command<D extends keyof FeedDeskApi, V extends keyof FeedDeskApi[D]>(
  domain: D,
  verb: V,
): FeedDeskApi[D][V] {
  return ((...args: unknown[]) => (api[domain][verb] as (...a: unknown[]) => unknown)(...args)) as FeedDeskApi[D][V];
}
