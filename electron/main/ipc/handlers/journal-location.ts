import { officeLabel, type JournalSettings, type OfficeJournal } from '@shared/journal/office';
import type { Core } from '../../core/core';
import type { Desktop } from '../desktop';
import type { Handlers } from '../dispatch';
import { fail } from '../ipc-failure';
import { officeOptions, officePasswordKey, readJournalSettings, writeJournalSettings } from '../../journal/open';
import { OfficeConnectionError } from '../../journal/errors';
import type { JournalLocation } from '../../journal/store';
import { officeAdmin } from '../../journal/office/admin';

/** Whether the journal in use is the one these settings name. */
function inUse(location: JournalLocation, settings: JournalSettings): boolean {
  if (settings.kind === 'local') return location.kind === 'local';
  const { office } = settings;
  return (
    location.kind === 'office' &&
    [office, ...(office.servers ?? [])].some((s) => location.label === `${s.host}:${s.port}/${office.database}`) &&
    location.user === office.user
  );
}

/** Raised instead of sending a password when none was typed and none is stored for these exact settings. */
class PasswordNeeded extends Error {
  override readonly name = 'PasswordNeeded' as const;
}

/** The password to sign in with when none was typed or stored: asked for only if the server wants one. */
export const askForPassword = (): never => {
  throw new PasswordNeeded('No password is stored for this server with these TLS settings');
};

/** The keychain item for these settings, or a plain-words failure when their CA file cannot be read. */
function passwordKey(office: OfficeJournal): string {
  try {
    return officePasswordKey(office);
  } catch (err) {
    fail('setup', (err as Error).message);
  }
}

/** Why an office database could not be reached or signed in to (the journal's errors say it in plain words). */
export function officeFailure(err: unknown, office: OfficeJournal): never {
  if (err instanceof PasswordNeeded) {
    fail(
      'auth',
      `Type the password of ${office.user}: none is stored for ${office.host}:${office.port} with these TLS settings`,
    );
  }
  if (err instanceof OfficeConnectionError) fail(err.reason === 'password' ? 'auth' : 'setup', err.message);
  if (err instanceof Error && (err.name === 'OfficePermissionError' || err.name === 'OfficeSetupError')) {
    fail('setup', err.message);
  }
  throw err;
}

/** Which journal this desk uses, choosing another (applies at the next start), and testing an office database. */
export function journalLocationHandlers(
  core: Core,
  desktop: Desktop,
): Pick<Handlers, 'journal:location' | 'journal:configure' | 'journal:testOffice'> {
  /** The stored password of exactly these settings (server and TLS), or undefined. */
  const password = async (office: OfficeJournal) => {
    let key;
    try {
      key = officePasswordKey(office);
    } catch {
      return undefined; // the CA file cannot be read: no password is sent with these settings
    }
    return core.credentials.officePassword.read(key).catch(() => undefined);
  };
  return {
    async 'journal:location'() {
      const saved = readJournalSettings(core.home);
      const where = core.journal.location;
      return {
        kind: where.kind,
        label: where.kind === 'local' ? 'this computer' : where.label,
        user: where.user,
        role: where.role,
        encrypted: where.kind === 'local' ? where.encrypted : null,
        saved,
        hasPassword: saved.kind === 'office' && (await password(saved.office)) !== undefined,
        restartNeeded: !inUse(where, saved),
        note: where.kind === 'office' ? (where.note ?? null) : null,
      };
    },
    async 'journal:configure'({ settings, password: secret }) {
      // Where the journal lives (and where the keychain's password goes) changes only when a person
      // confirms it in a dialog of main's that names the server, out of the page's reach.
      if (JSON.stringify(settings) !== JSON.stringify(readJournalSettings(core.home))) {
        const where = settings.kind === 'office' ? officeLabel(settings.office) : 'this computer';
        const yes = await desktop.confirm({
          title: 'Change where this desk’s journal lives',
          message:
            settings.kind === 'office'
              ? `Use the office journal ${where} from the next start?`
              : 'Keep this desk’s journal on this computer from the next start?',
          detail:
            settings.kind === 'office'
              ? `Every entry this desk sends will be recorded there, and the password you typed is sent only to it. Use only your office’s own database server.`
              : 'Entries sent from the next start are recorded in the journal on this computer.',
          confirmLabel: 'Change',
        });
        if (!yes) fail('state', `Nothing was changed: the move of this desk’s journal to ${where} was not confirmed.`);
      }
      if (settings.kind === 'office' && secret) {
        await core.credentials.officePassword.save(passwordKey(settings.office), secret);
      }
      writeJournalSettings(core.home, settings);
      return { restartNeeded: !inUse(core.journal.location, settings) };
    },
    async 'journal:testOffice'({ office, password: secret }) {
      const { createPostgresStore } = await officeAdmin();
      const given = secret ?? (await password(office)) ?? askForPassword;
      let options;
      try {
        options = officeOptions(office, given);
      } catch (err) {
        fail('setup', (err as Error).message);
      }
      const store = await createPostgresStore(options).catch((err: unknown) => officeFailure(err, office));
      const { user, role } = store.location;
      await store.close();
      return { message: `Signed in to ${office.database} on ${office.host} as ${user} (${role})`, user, role };
    },
  };
}
