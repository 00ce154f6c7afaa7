import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadFirstScreen } from './app';
import './styles.css';
import './new-entry.css';
import './settings.css';

void loadFirstScreen().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
