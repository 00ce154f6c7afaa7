// The hash route without React: main.tsx reads it before React is loaded.
import { routeOf, splitHash, type Route } from '@shared/route';

export type { Route };

/** The screen the hash names (New entry for none or an unknown one). */
export const readRoute = (): Route => routeOf(window.location.hash);

/** The query part of the hash now (after `?`), for code that must act on the latest view. */
export const readQuery = (): string => splitHash(window.location.hash)[1];
