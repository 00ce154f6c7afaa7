// The calls to the main process this folder's screens make, each looked up when it is made: the
// one module here that imports the preload API (ESLint keeps the screens and components from it).
import { command } from '../../api';

export const calls = {
  cancellations: { submit: command('cancellations', 'submit') },
  journal: { get: command('journal', 'get'), list: command('journal', 'list') },
};
