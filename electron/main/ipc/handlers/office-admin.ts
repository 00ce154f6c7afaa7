import { randomBytes } from 'node:crypto';
import type { OfficeJournal } from '@shared/journal/office';
import { operatorName, type Core } from '../../core/core';
import type { Desktop } from '../desktop';
import type { Handlers } from '../dispatch';
import { fail } from '../ipc-failure';
import { officeOptions, officePasswordKey, openLocalJournal, readJournalSettings } from '../../journal/open';
import { askForPassword, officeFailure } from './journal-location';
import { officeAdmin } from '../../journal/office/admin';

type OfficeChannel =
  | 'office:setup'
  | 'office:ownerSignIn'
  | 'office:ownerSignOut'
  | 'office:people'
  | 'office:addPerson'
  | 'office:setRole'
  | 'office:setSignIn'
  | 'office:importLocal'
  | 'office:audit';

/** A first password: 24 characters from 18 random bytes, shown once to whoever adds the person. */
const firstPassword = () => randomBytes(18).toString('base64url');

/** Whether two office journals are the same server, database and TLS settings (whoever signs in). */
const sameJournal = (a: OfficeJournal, b: OfficeJournal) =>
  a.host === b.host && a.port === b.port && a.database === b.database && a.tls === b.tls && a.caFile === b.caFile;

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * Settings → Journal's administration of the office journal: set it up, its people, this desk's
 * history, the audit. The owner's password is typed once per window and kept in this process's
 * memory only (never stored, never sent back to the page); every change runs in an owner session
 * with a pinned search path and TLS as the desk's (journal/office/owner-session.ts). An owner
 * session opens only by signing in on the office journal this desk has saved, and acts only while
 * that journal is still the saved one: the page (which we do not trust) cannot point it elsewhere.
 */
export function officeAdminHandlers(core: Core, desktop: Desktop): Pick<Handlers, OfficeChannel> {
  /** The owner signed in in this window, on the office journal the desk has saved. */
  let owner: { office: OfficeJournal; password: string } | null = null;

  /** The office journal this desk has chosen, or a plain refusal when it uses the journal on this computer. */
  const savedOffice = (): OfficeJournal => {
    const saved = readJournalSettings(core.home);
    if (saved.kind !== 'office') {
      fail('setup', 'This desk uses the journal on this computer: choose the office database above and save first.');
    }
    return saved.office;
  };
  /** Connection options, with any connection failure turned into one plain sentence naming the server. */
  const run = async <T>(office: OfficeJournal, fn: () => Promise<T>): Promise<T> =>
    fn().catch((err: unknown) => officeFailure(err, office));
  /** Ends an owner session on a journal this desk no longer has saved. */
  const endStale = () => {
    const saved = readJournalSettings(core.home);
    if (owner && !(saved.kind === 'office' && sameJournal(saved.office, owner.office))) owner = null;
  };
  /**
   * The owner's connection, or a plain refusal when nobody signed in as the owner here; a session
   * on a journal this desk no longer has saved ends.
   */
  const asOwner = () => {
    endStale();
    if (!owner)
      fail('forbidden', 'Only the office journal’s owner changes this: sign in with the owner account first.');
    return { office: owner.office, options: officeOptions(owner.office, owner.password) };
  };
  const view = () => {
    endStale();
    return { owner: owner?.office.user ?? null };
  };

  return {
    async 'office:setup'({ office, password }) {
      const { officeInit } = await officeAdmin();
      // Setting up opens no owner session: the owner signs in on the journal this desk saves.
      const done = await run(office, () => officeInit(officeOptions(office, password)));
      const what =
        done.from === 0
          ? `Set up the office journal ${office.database} on ${office.host} (schema ${done.to})`
          : done.from === done.to
            ? `The office journal ${office.database} on ${office.host} was already up to date (schema ${done.to})`
            : `Upgraded the office journal ${office.database} on ${office.host} from schema ${done.from} to ${done.to}`;
      const extras = [
        'roles feed_desk_clerk and feed_desk_supervisor ready',
        done.trigram ? 'free-text search index on' : 'free-text search index off (pg_trgm could not be installed)',
        ...(done.lockedPublic ? ['only the owner may now create objects in schema public'] : []),
      ];
      return { message: `${what}: ${extras.join('; ')}.`, from: done.from, to: done.to };
    },
    async 'office:ownerSignIn'({ user, password }) {
      const office = { ...savedOffice(), user };
      const { readAudit } = await officeAdmin();
      // Reading the audit is the owner's alone: it proves the account owns the journal.
      await run(office, () => readAudit(officeOptions(office, password), 1));
      owner = { office, password };
      return view();
    },
    async 'office:ownerSignOut'() {
      owner = null;
      return view();
    },
    async 'office:people'() {
      const { listPeople } = await officeAdmin();
      endStale();
      if (owner) {
        const { office, options } = asOwner();
        return { ...view(), people: await run(office, () => listPeople(options)) };
      }
      const office = savedOffice();
      let key;
      try {
        key = officePasswordKey(office);
      } catch (err) {
        fail('setup', (err as Error).message);
      }
      const stored = await core.credentials.officePassword.read(key).catch(() => undefined);
      // Never PGPASSWORD or ~/.pgpass instead: without a stored password, the server's question is refused.
      const password = stored ?? askForPassword;
      return { ...view(), people: await run(office, () => listPeople(officeOptions(office, password))) };
    },
    async 'office:addPerson'({ name, role, password }) {
      const { addUser } = await officeAdmin();
      const { office, options } = asOwner();
      const given = password ?? firstPassword();
      const { created } = await run(office, () => addUser(options, name, role, given));
      return { created, password: password === undefined ? given : null };
    },
    async 'office:setRole'({ name, role }) {
      const { setRole } = await officeAdmin();
      const { office, options } = asOwner();
      await run(office, () => setRole(options, name, role));
      return {};
    },
    async 'office:setSignIn'({ name, canSignIn }) {
      const { setSignIn } = await officeAdmin();
      const { office, options } = asOwner();
      await run(office, () => setSignIn(options, name, canSignIn));
      return {};
    },
    async 'office:importLocal'() {
      const { importLocal } = await import('../../journal/import-local');
      const { office, options } = asOwner();
      // The journal on this computer, through the open store while the desk uses it (one writer to the file).
      const inUse = core.journal.location.kind === 'local';
      const local = inUse
        ? core.journal
        : await openLocalJournal({ home: core.home, credentials: core.credentials }, operatorName());
      try {
        // Every customer's details leave this computer: a person confirms it, out of the page's reach.
        const { total } = await local.list({ limit: 1 });
        const where = `${office.host}:${office.port}/${office.database}`;
        const yes = await desktop.confirm({
          title: 'Copy this desk’s journal',
          message: `Copy ${entries(total)} of this desk’s journal, with every customer’s details, to the office journal ${where}?`,
          detail: `Signed in there as ${office.user}. Copy only to your office’s own database server.`,
          confirmLabel: 'Copy',
        });
        if (!yes) fail('state', `Nothing was copied: the copy to ${where} was not confirmed.`);
        return await run(office, () => importLocal(local, options));
      } finally {
        if (!inUse) await local.close();
      }
    },
    async 'office:audit'() {
      const { readAudit } = await officeAdmin();
      const { office, options } = asOwner();
      return { lines: await run(office, () => readAudit(options)) };
    },
  };
}
