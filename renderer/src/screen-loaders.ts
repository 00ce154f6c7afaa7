import type { Route } from './route';

// Each screen's module, fetched once (no React here: main.tsx asks for the first screen's module
// before React is loaded).
const LOAD = {
  'new-entry': () => import('./screens/new-entry/new-entry-screen'),
  journal: () => import('./screens/journal/journal-screen'),
  import: () => import('./screens/import/import-screen'),
  settings: () => import('./screens/settings/settings-screen'),
  summary: () => import('./screens/summary/summary-screen'),
  cancellation: () => import('./screens/cancellation/cancellation-screen'),
} satisfies Record<Route, () => Promise<unknown>>;

/** The module of each screen. */
export type ScreenModules = { [R in keyof typeof LOAD]: Awaited<ReturnType<(typeof LOAD)[R]>> };

const loading = new Map<Route, Promise<unknown>>();

/** A screen's module, fetched on the first call. */
export function loadScreen<R extends Route>(route: R): Promise<ScreenModules[R]> {
  let module = loading.get(route);
  if (!module) loading.set(route, (module = LOAD[route]()));
  return module as Promise<ScreenModules[R]>;
}
