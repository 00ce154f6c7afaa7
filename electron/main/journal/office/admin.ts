/**
 * The one door to the office journal for code outside journal/: the app's handlers and the CLI
 * set it up, add people, read the audit and open a store through here, never by importing
 * journal/postgres/ (an ESLint zone holds that). The PostgreSQL modules load on first use, so a
 * command that never touches an office journal starts without the driver.
 */
import type { officeInit } from '../postgres/office-init';
import type { addUser, addUserSql, OfficeRole } from '../postgres/roles';
import type { listPeople, readAudit, setRole, setSignIn } from '../postgres/people';
import type { createPostgresStore } from '../postgres/store';

export type { OfficeRole };
export { isUnreachable, whyUnreachable } from '../postgres/errors';

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
    import('../postgres/office-init'),
    import('../postgres/roles'),
    import('../postgres/people'),
    import('../postgres/store'),
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
