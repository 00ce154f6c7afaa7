import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { fetchScreen } from './screen-modules';
import type { Route } from './route';
import './styles.css';
import './new-entry.css';
import './settings.css';

/**
 * Renders the app once the first screen's module is here: shown through Suspense instead, React
 * would hold a screen that arrives just after its fallback back by up to 300 ms.
 */
export async function start(route: Route): Promise<void> {
  await fetchScreen(route);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
