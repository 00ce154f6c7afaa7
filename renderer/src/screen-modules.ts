import type { Route } from './route';
import { loadScreen } from './screen-loaders';
import { onDemand } from './on-demand';
import { NewEntryScreen } from './screens/new-entry/new-entry-screen';

// New entry, the screen most pages open on, is in the first chunk; every other screen is a chunk of
// its own, fetched before the first render when the page opens on it (main.tsx), else when idle.
const journal = onDemand(() => loadScreen('journal').then((m) => m.JournalScreen));
const importing = onDemand(() => loadScreen('import').then((m) => m.ImportScreen));
const settings = onDemand(() => loadScreen('settings').then((m) => m.SettingsScreen));
const summary = onDemand(() => loadScreen('summary').then((m) => m.SummaryScreen));
const cancellation = onDemand(() => loadScreen('cancellation').then((m) => m.CancellationScreen));

/** The screens' components, each rendered through its on-demand module. */
export { NewEntryScreen };
export const JournalScreen = journal.Component;
export const ImportScreen = importing.Component;
export const SettingsScreen = settings.Component;
export const SummaryScreen = summary.Component;
export const CancellationScreen = cancellation.Component;

const FETCH: Record<Route, () => Promise<unknown>> = {
  'new-entry': () => Promise.resolve(NewEntryScreen),
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
