import { useSyncExternalStore } from 'react';

import { readQuery, readRoute, type Route } from './route';

export { readQuery, readRoute, type Route } from './route';

/** Told at once when this page changes the hash (replaceState fires no hashchange; assignment fires it later). */
const changed = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  changed.add(onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    changed.delete(onChange);
  };
}

/** The current screen, following location.hash. */
export function useHashRoute(): Route {
  return useSyncExternalStore(subscribe, readRoute);
}

/** The query part of the hash (after `?`), where a screen keeps its view: filters, the open row. */
export function useHashQuery(): string {
  return useSyncExternalStore(subscribe, readQuery);
}

/**
 * Goes to a screen, with an optional query. A new history entry by default, so Back returns to
 * the view before; `replace` rewrites the current one (for changes made while typing).
 */
export function navigate(route: Route, query = '', options: { replace?: boolean } = {}): void {
  const hash = `#/${route}${query ? `?${query}` : ''}`;
  if (window.location.hash === hash) return;
  if (options.replace) window.history.replaceState(window.history.state, '', hash);
  else window.location.hash = hash;
  // Told now, not at the (later) hashchange: a control that changed the view shows it at once.
  for (const listener of changed) listener();
}
