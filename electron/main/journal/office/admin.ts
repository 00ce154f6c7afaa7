/**
 * The one door to the office journal for code outside journal/: the app's handlers and the CLI
 * set it up, add people, read the audit and open a store through here, never by importing
 * journal/postgres/ (an ESLint zone holds that). The PostgreSQL modules load on first use, so a
 * command that never touches an office journal starts without the driver.
 */
import type { officeInit } from './office-init';
import type { addUser, addUserSql, OfficeRole } from './roles';
import type { listPeople, readAudit, setRole, setSignIn } from './people';
import type { createPostgresStore } from '../postgres/store/store';

export type { OfficeRole };
export { isUnreachable, whyUnreachable } from '../postgres/connection/errors';

/** What an administrator (or a desk testing its settings) does to an office journal. */
export interface OfficeAdmin {
  officeInit: typeof officeInit;
  addUser: typeof addUser;
  addUserSql: typeof addUserSql;
  listPeople: typeof listPeople;
  setRole: typeof setRole;
  setSignIn: typeof setSignIn;
  readAudit: typeof readAudit;
  createPostgresStore: typeof createPostgresStore;
}

/** Loads office administration (once; later calls share the same modules). */
export async function officeAdmin(): Promise<OfficeAdmin> {
  const [init, roles, people, store] = await Promise.all([
    import('./office-init'),
    import('./roles'),
    import('./people'),
    import('../postgres/store/store'),
  ]);
  return {
    officeInit: init.officeInit,
    addUser: roles.addUser,
    addUserSql: roles.addUserSql,
    listPeople: people.listPeople,
    setRole: people.setRole,
    setSignIn: people.setSignIn,
    readAudit: people.readAudit,
    createPostgresStore: store.createPostgresStore,
  };
}
