import type { Route } from './route';

// The module of each screen besides New entry (which is in the first chunk), fetched once.
const LOAD = {
  journal: () => import('./screens/journal/journal-screen'),
  import: () => import('./screens/import/import-screen'),
  settings: () => import('./screens/settings/settings-screen'),
  summary: () => import('./screens/summary/summary-screen'),
  cancellation: () => import('./screens/cancellation/cancellation-screen'),
} satisfies Record<Exclude<Route, 'new-entry'>, () => Promise<unknown>>;

/** The module of each screen. */
export type ScreenModules = { [R in keyof typeof LOAD]: Awaited<ReturnType<(typeof LOAD)[R]>> };

const loading = new Map<keyof ScreenModules, Promise<unknown>>();

/** A screen's module, fetched on the first call. */
export function loadScreen<R extends keyof ScreenModules>(route: R): Promise<ScreenModules[R]> {
  let module = loading.get(route);
  if (!module) loading.set(route, (module = LOAD[route]()));
  return module as Promise<ScreenModules[R]>;
}
