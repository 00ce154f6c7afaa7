import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readRoute } from './route';
import { fetchScreen } from './screen-modules';
import { askFirstWindow } from './screens/journal/first-window';
import './styles.css';
import './new-entry.css';
import './settings.css';

// The route is known before React renders: the Journal's first rows are asked for now, and the
// first render waits for the screen's module (shown through Suspense instead, React would hold a
// screen that arrives just after its fallback back by up to 300 ms).
const route = readRoute();
if (route === 'journal') askFirstWindow();
void fetchScreen(route).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
