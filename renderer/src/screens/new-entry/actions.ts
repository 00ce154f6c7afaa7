// The calls to the main process this folder's screens make, each looked up when it is made: the
// one module here that imports the preload API (ESLint keeps the screens and components from it).
import { command } from '../../api';

export const calls = {
  drafts: { delete: command('drafts', 'delete'), get: command('drafts', 'get'), save: command('drafts', 'save') },
  entries: { customer: command('entries', 'customer'), submit: command('entries', 'submit') },
  journal: { get: command('journal', 'get') },
};
