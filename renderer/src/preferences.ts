import { useSyncExternalStore } from 'react';
import { DEFAULT_SCREEN_DATE_ORDER, SCREEN_DATE_ORDERS, type ScreenDateOrder } from '@shared/entry/screen-date';

const KEY = 'feed-desk.screen-date-order';
const listeners = new Set<() => void>();
let current: ScreenDateOrder | undefined;

function stored(): ScreenDateOrder {
  try {
    const value = window.localStorage.getItem(KEY);
    return SCREEN_DATE_ORDERS.find((o) => o === value) ?? DEFAULT_SCREEN_DATE_ORDER;
  } catch {
    return DEFAULT_SCREEN_DATE_ORDER;
  }
}

const read = (): ScreenDateOrder => (current ??= stored());

/**
 * The screen date order now, for code outside a component's render subscription (formatting a
 * moment). Screens re-render on every route change, and the order is changed on its own screen.
 */
export const screenDateOrder = read;

// The app has one window, so a change is always made here: no `storage` event to follow (adding the
// first such listener costs the page's first frame several milliseconds).
function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * The order dates are typed in on screen, a preference of this computer (not of a profile:
 * the wire format stays the profile's). DD/MM/YYYY unless the person chose otherwise.
 */
export function useScreenDateOrder(): ScreenDateOrder {
  return useSyncExternalStore(subscribe, read);
}

/** Remembers the screen date order on this computer; every screen follows at once. */
export function setScreenDateOrder(order: ScreenDateOrder): void {
  current = order;
  try {
    window.localStorage.setItem(KEY, order);
  } catch {
    // Storage refused (private mode): the choice lasts until the window closes.
  }
  for (const listener of listeners) listener();
}
