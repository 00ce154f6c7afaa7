// The calls to the main process this folder's screens make, each looked up when it is made: the
// one module here that imports the preload API (ESLint keeps the screens and components from it).
import { command } from '../../api';

export const calls = {
  imports: {
    cancel: command('imports', 'cancel'),
    check: command('imports', 'check'),
    choose: command('imports', 'choose'),
    exportRejected: command('imports', 'exportRejected'),
    exportResults: command('imports', 'exportResults'),
    pause: command('imports', 'pause'),
    recent: command('imports', 'recent'),
    retryFailed: command('imports', 'retryFailed'),
    start: command('imports', 'start'),
    status: command('imports', 'status'),
  },
  journal: { list: command('journal', 'list') },
};
