// The calls to the main process this folder's screens make, each looked up when it is made: the
// one module here that imports the preload API (ESLint keeps the screens and components from it).
import { command } from '../../api';

export const calls = {
  app: {
    about: command('app', 'about'),
    dataFolder: command('app', 'dataFolder'),
    openDataFolder: command('app', 'openDataFolder'),
    saveDiagnostics: command('app', 'saveDiagnostics'),
  },
  connection: { test: command('connection', 'test') },
  credentials: { delete: command('credentials', 'delete'), save: command('credentials', 'save') },
  journal: {
    chooseCaFile: command('journal', 'chooseCaFile'),
    configure: command('journal', 'configure'),
    testOffice: command('journal', 'testOffice'),
  },
  office: {
    addPerson: command('office', 'addPerson'),
    audit: command('office', 'audit'),
    importLocal: command('office', 'importLocal'),
    ownerSignIn: command('office', 'ownerSignIn'),
    ownerSignOut: command('office', 'ownerSignOut'),
    people: command('office', 'people'),
    setRole: command('office', 'setRole'),
    setSignIn: command('office', 'setSignIn'),
    setup: command('office', 'setup'),
  },
  privacy: {
    erase: command('privacy', 'erase'),
    export: command('privacy', 'export'),
    find: command('privacy', 'find'),
    purge: command('privacy', 'purge'),
    retention: command('privacy', 'retention'),
    setRetention: command('privacy', 'setRetention'),
  },
  profiles: {
    export: command('profiles', 'export'),
    import: command('profiles', 'import'),
    remove: command('profiles', 'remove'),
    save: command('profiles', 'save'),
    use: command('profiles', 'use'),
  },
  updates: {
    restart: command('updates', 'restart'),
    setFeed: command('updates', 'setFeed'),
    status: command('updates', 'status'),
  },
};
