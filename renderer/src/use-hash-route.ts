import { useSyncExternalStore } from 'react';

/** The screens the app has, by hash route. */
export type Route = 'new-entry' | 'cancellation' | 'import' | 'journal' | 'settings' | 'summary';

const ROUTES: readonly Route[] = ['new-entry', 'cancellation', 'import', 'journal', 'settings', 'summary'];
/** Told at once when this page changes the hash (replaceState fires no hashchange; assignment fires it later). */
const changed = new Set<() => void>();

/** `#/journal?states=unknown` → ['journal', 'states=unknown']. */
function split(): [string, string] {
  const hash = window.location.hash.replace(/^#\/?/, '');
  const at = hash.indexOf('?');
  return at < 0 ? [hash, ''] : [hash.slice(0, at), hash.slice(at + 1)];
}

export function readRoute(): Route {
  const [path] = split();
  return ROUTES.find((r) => r === path) ?? 'new-entry';
}

/** The query part of the hash now (after `?`), for code that must act on the latest view. */
export const readQuery = (): string => split()[1];

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
