// The hash route without React: main.tsx reads it before React is loaded.

/** The screens the app has, by hash route. */
export type Route = 'new-entry' | 'cancellation' | 'import' | 'journal' | 'settings' | 'summary';

const ROUTES: readonly Route[] = ['new-entry', 'cancellation', 'import', 'journal', 'settings', 'summary'];

/** `#/journal?states=unknown` → ['journal', 'states=unknown']. */
function split(): [string, string] {
  const hash = window.location.hash.replace(/^#\/?/, '');
  const at = hash.indexOf('?');
  return at < 0 ? [hash, ''] : [hash.slice(0, at), hash.slice(at + 1)];
}

/** The screen the hash names (New entry for none or an unknown one). */
export function readRoute(): Route {
  const [path] = split();
  return ROUTES.find((r) => r === path) ?? 'new-entry';
}

/** The query part of the hash now (after `?`), for code that must act on the latest view. */
export const readQuery = (): string => split()[1];
