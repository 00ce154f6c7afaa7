import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readRoute, type Route } from './route';
import { fetchScreen } from './screen-modules';
import { profilesAsked } from './use-profiles';
import { draftAsked } from './screens/new-entry/draft-prefetch';
import { askFirstWindow } from './screens/journal/first-window';
import { onJournalChanges } from './journal-feed/journal-feed';
import './styles.css';
import './new-entry.css';
import './settings.css';

/** The longest the first render waits for the reads asked at load; after it, screens show "Loading…". */
const FIRST_DATA_WAIT_MS = 300;

/** What the first screen shows once it is here: its module, the profiles, New entry's draft, the Journal's rows. */
function firstScreen(route: Route): Promise<unknown> {
  const data =
    route === 'new-entry'
      ? [profilesAsked, draftAsked]
      : route === 'journal'
        ? [profilesAsked, askFirstWindow(onJournalChanges)]
        : [profilesAsked];
  const here = Promise.all([fetchScreen(route), ...data]);
  return Promise.race([here, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
}

// The first render waits for the screen's module and the reads asked at load (the preload asked
// them as the page started), so it shows the screen, not "Loading…" followed by the screen.
void firstScreen(readRoute())
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
