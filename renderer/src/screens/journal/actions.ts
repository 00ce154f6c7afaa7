// The calls to the main process this folder's screens make, each looked up when it is made: the
// one module here that imports the preload API (ESLint keeps the screens and components from it).
import { command } from '../../api';

export const calls = {
  imports: {
    exportResults: command('imports', 'exportResults'),
    recent: command('imports', 'recent'),
    status: command('imports', 'status'),
  },
  journal: {
    attention: command('journal', 'attention'),
    export: command('journal', 'export'),
    get: command('journal', 'get'),
    list: command('journal', 'list'),
    resolve: command('journal', 'resolve'),
    review: command('journal', 'review'),
  },
  outbox: {
    pause: command('outbox', 'pause'),
    sendNow: command('outbox', 'sendNow'),
    status: command('outbox', 'status'),
  },
  profiles: { list: command('profiles', 'list') },
};
