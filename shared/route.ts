// The hash route as plain text: the renderer reads it to choose a screen, the preload to know which
// reads the first screen will make (so they are asked before the page's script has loaded).

/** The screens the app has, by hash route. */
export type Route = 'new-entry' | 'cancellation' | 'import' | 'journal' | 'settings' | 'summary';

const ROUTES: readonly Route[] = ['new-entry', 'cancellation', 'import', 'journal', 'settings', 'summary'];

/** `#/journal?states=unknown` → ['journal', 'states=unknown']. */
export function splitHash(hash: string): [path: string, query: string] {
  const rest = hash.replace(/^#\/?/, '');
  const at = rest.indexOf('?');
  return at < 0 ? [rest, ''] : [rest.slice(0, at), rest.slice(at + 1)];
}

/** The screen a hash names (New entry for none or an unknown one). */
export function routeOf(hash: string): Route {
  const [path] = splitHash(hash);
  return ROUTES.find((r) => r === path) ?? 'new-entry';
}
