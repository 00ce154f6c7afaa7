import { createElement, lazy, type ComponentType } from 'react';
import type { Route } from './route';
import { loadScreen } from './screen-loaders';

/**
 * A screen loaded on demand: through React.lazy on its first visit, and rendered at once (no
 * Suspense fallback) once its module is here, as after `fetch`.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | undefined;
  const fetch = () => load().then((component) => (ready = component));
  const Lazy = lazy(() => fetch().then((component) => ({ default: component })));
  return { fetch, Screen: (props: P) => createElement(ready ?? Lazy, props) };
}

// Every screen is a chunk of its own: the shell's chunk holds none, the screen the page opens on is
// fetched beside it (main.tsx), the others when the page is idle.
const newEntry = onDemand(() => loadScreen('new-entry').then((m) => m.NewEntryScreen));
const journal = onDemand(() => loadScreen('journal').then((m) => m.JournalScreen));
const importing = onDemand(() => loadScreen('import').then((m) => m.ImportScreen));
const settings = onDemand(() => loadScreen('settings').then((m) => m.SettingsScreen));
const summary = onDemand(() => loadScreen('summary').then((m) => m.SummaryScreen));
const cancellation = onDemand(() => loadScreen('cancellation').then((m) => m.CancellationScreen));

/** The screens' components, each rendered through its on-demand module. */
export const NewEntryScreen = newEntry.Screen;
export const JournalScreen = journal.Screen;
export const ImportScreen = importing.Screen;
export const SettingsScreen = settings.Screen;
export const SummaryScreen = summary.Screen;
export const CancellationScreen = cancellation.Screen;

const FETCH: Record<Route, () => Promise<unknown>> = {
  'new-entry': newEntry.fetch,
  journal: journal.fetch,
  import: importing.fetch,
  settings: settings.fetch,
  summary: summary.fetch,
  cancellation: cancellation.fetch,
};

/** Fetches a screen's module (once); resolves when it is here, never rejects (Suspense shows a failure later). */
export function fetchScreen(route: Route): Promise<void> {
  return FETCH[route]().then(
    () => undefined,
    () => undefined,
  );
}

/** Fetches every screen's module, so going to one later does not wait for the file. */
export function prefetchScreens(): void {
  for (const route of Object.keys(FETCH) as Route[]) void fetchScreen(route);
}
