import { readRoute } from './route';
import { loadScreen } from './screen-loaders';
import { askFirstWindow } from './screens/journal/first-window';

// The route is known before anything else is loaded: the Journal's first rows are asked for, and
// the first screen's module (and the files it needs) is fetched and parsed beside the shell's
// (React, the app), not after it.
const route = readRoute();
if (route === 'journal') askFirstWindow();
void loadScreen(route).catch(() => undefined);
void import('./start').then(({ start }) => start(route));
