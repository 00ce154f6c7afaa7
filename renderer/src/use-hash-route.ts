import { useSyncExternalStore } from 'react';

/** The screens the app has, by hash route. */
export type Route = 'new-entry' | 'settings';

function read(): Route {
  return window.location.hash === '#/settings' ? 'settings' : 'new-entry';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current screen, following location.hash. */
export function useHashRoute(): Route {
  return useSyncExternalStore(subscribe, read);
}

/** Goes to a screen. */
export function navigate(route: Route): void {
  window.location.hash = `#/${route}`;
}
