import { officeKey, type JournalSettings, type OfficeJournal } from '../../../../shared/journal/office';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { fail } from '../ipc-failure';
import { officeOptions, readJournalSettings, writeJournalSettings } from '../../journal/journal-settings';
import type { JournalLocation } from '../../journal/store';

/** Whether the journal in use is the one these settings name. */
function inUse(location: JournalLocation, settings: JournalSettings): boolean {
  if (settings.kind === 'local') return location.kind === 'local';
  const { office } = settings;
  return (
    location.kind === 'office' &&
    location.label === `${office.host}:${office.port}/${office.database}` &&
    location.user === office.user
  );
}

/** The plain-words reason an office database could not be reached or signed in to. */
function officeFailure(err: unknown, office: OfficeJournal): never {
  const code = (err as { code?: string } | null)?.code;
  const where = `${office.host}:${office.port}`;
  if (code === '28P01' || code === '28000')
    fail('auth', `The database refused ${office.user}: check the user and password`);
  if (code === '3D000') fail('setup', `There is no database ${office.database} on ${where}`);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH') {
    fail('network', `Could not reach a database server at ${where} (${code})`);
  }
  if (err instanceof Error && /SSL|TLS|certificate/i.test(err.message)) {
    fail('setup', `The secure connection to ${where} failed: ${err.message}`);
  }
  if (err instanceof Error && (err.name === 'OfficePermissionError' || err.name === 'OfficeSetupError')) {
    fail('setup', err.message);
  }
  throw err;
}

/** Which journal this desk uses, choosing another (applies at the next start), and testing an office database. */
export function journalLocationHandlers(
  core: Core,
): Pick<Handlers, 'journal:location' | 'journal:configure' | 'journal:testOffice'> {
  const password = (office: OfficeJournal) =>
    core.credentials.officePassword.read(officeKey(office)).catch(() => undefined);
  return {
    async 'journal:location'() {
      const saved = readJournalSettings(core.home);
      const where = core.journal.location;
      return {
        kind: where.kind,
        label: where.kind === 'local' ? 'this computer' : where.label,
        user: where.user,
        role: where.role,
        saved,
        hasPassword: saved.kind === 'office' && (await password(saved.office)) !== undefined,
        restartNeeded: !inUse(where, saved),
      };
    },
    async 'journal:configure'({ settings, password: secret }) {
      if (settings.kind === 'office' && secret) {
        await core.credentials.officePassword.save(officeKey(settings.office), secret);
      }
      writeJournalSettings(core.home, settings);
      return { restartNeeded: !inUse(core.journal.location, settings) };
    },
    async 'journal:testOffice'({ office, password: secret }) {
      const { createPostgresStore } = await import('../../journal/postgres/store');
      const given = secret ?? (await password(office));
      let options;
      try {
        options = officeOptions(office, given);
      } catch (err) {
        fail(
          'setup',
          `Cannot read the CA file ${office.caFile ?? ''} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        );
      }
      const store = await createPostgresStore(options).catch((err: unknown) => officeFailure(err, office));
      const { user, role } = store.location;
      await store.close();
      return { message: `Signed in to ${office.database} on ${office.host} as ${user} (${role})`, user, role };
    },
  };
}
