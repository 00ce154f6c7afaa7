import { writeFileSync, renameSync, existsSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { JOURNAL_STATES, type JournalState } from '@shared/journal/types';
import { PERSONAL_FIELDS } from '@shared/journal/personal-fields';
import type { Profile } from '@shared/profile/schema';
import type { JournalStore } from '../journal/store';
import type { ProfileStore } from '../profiles/profile-store';
import type { CredentialStore } from '../credentials/keychain';
import { localJournalPath } from '../journal/open';

/** How many of the latest failures a diagnostics file lists. */
export const DIAGNOSTIC_ERRORS = 200;

export interface DiagnosticsError {
  id: number;
  kind: string;
  profile: string;
  state: JournalState;
  at: string;
  code: string | null;
  httpStatus: number | null;
}

/**
 * A profile as support sees it: its settings, whether credentials are stored, and how many
 * import columns it remembers (never their names: a file without a heading row makes its first
 * customer's values the "headings").
 */
export type DiagnosticsProfile = Omit<Profile, 'importColumns'> & {
  credentialsStored: boolean;
  rememberedImportColumns: number;
};

/** What a desk sends to support: how it is set up and what went wrong, without customers or secrets. */
export interface Diagnostics {
  createdAt: string;
  app: { name: string; version: string; node: string; electron: string | null };
  os: { platform: string; release: string; arch: string };
  profiles: Array<DiagnosticsProfile>;
  journal: {
    kind: 'local' | 'office';
    where: string;
    role: string;
    schemaVersion: number | null;
    /** This computer's journal: whether it is encrypted at rest (never its key). Null for an office journal. */
    encrypted: boolean | null;
  };
  countsByState: Partial<Record<JournalState, number>>;
  errors: DiagnosticsError[];
  /** What was taken out, said in the file itself. */
  removed: string;
}

/** A profile's service address without user, password, query or fragment. */
function plainUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** The schema version of this computer's journal file (read only, under its key), or null when it cannot be read. */
async function localSchemaVersion(path: string, credentials: CredentialStore): Promise<number | null> {
  if (!existsSync(path)) return null;
  try {
    const [{ default: Database }, { isPlainJournal, openKeyed, rawKeyingOf }] = await Promise.all([
      import('better-sqlite3-multiple-ciphers'),
      import('../journal/sqlite/database'),
    ]);
    const key = isPlainJournal(path) ? undefined : await credentials.journalKey.read();
    const options = { readonly: true, fileMustExist: true };
    const db = key ? openKeyed(path, key, options, rawKeyingOf(path, key)) : new Database(path, options);
    try {
      return db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** What the diagnostics read: the desk's profiles, keychain, journal and data folder. */
export interface DiagnosticsSource {
  home: string;
  profiles: Pick<ProfileStore, 'list'>;
  credentials: CredentialStore;
  journal: Pick<JournalStore, 'location' | 'list'>;
}

/**
 * Gathers the diagnostics of a desk: versions, operating system, profiles (no credentials, no
 * remembered import headings), the journal's location and schema, counts by state and the latest
 * failures by state, code and HTTP status. Nothing of a payload, a draft, a service message or
 * the keychain is read into it: customer data and secrets are left out by construction.
 */
export async function buildDiagnostics(
  core: DiagnosticsSource,
  app: { name: string; version: string; electron?: string | null },
): Promise<Diagnostics> {
  const profiles: DiagnosticsProfile[] = [];
  for (const profile of core.profiles.list()) {
    const credentialsStored = await core.credentials.has(profile).catch(() => false);
    profiles.push({
      name: profile.name,
      baseUrl: plainUrl(profile.baseUrl),
      ...(profile.colour ? { colour: profile.colour } : {}),
      dateFormat: profile.dateFormat,
      blankMode: profile.blankMode,
      postcodeCheck: profile.postcodeCheck,
      fieldRules: profile.fieldRules,
      cancellation: profile.cancellation,
      requestTimeoutMs: profile.requestTimeoutMs,
      concurrency: profile.concurrency,
      credentialsStored,
      rememberedImportColumns: Object.keys(profile.importColumns ?? {}).length,
    });
  }
  const location = core.journal.location;
  const countsByState: Diagnostics['countsByState'] = {};
  for (const state of JOURNAL_STATES) {
    const { total } = await core.journal.list({ states: [state], limit: 1 });
    if (total > 0) countsByState[state] = total;
  }
  const { rows } = await core.journal.list({
    states: ['failed', 'rejected', 'unknown'],
    sort: 'updated_at',
    direction: 'desc',
    limit: DIAGNOSTIC_ERRORS,
  });
  return {
    createdAt: new Date().toISOString(),
    app: { name: app.name, version: app.version, node: process.versions.node, electron: app.electron ?? null },
    os: { platform: platform(), release: release(), arch: arch() },
    profiles,
    journal: {
      kind: location.kind,
      where: location.kind === 'local' ? location.path : location.label,
      role: location.role,
      encrypted: location.kind === 'local' ? location.encrypted : null,
      schemaVersion:
        location.kind === 'local' ? await localSchemaVersion(localJournalPath(core.home), core.credentials) : null,
    },
    countsByState,
    errors: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      profile: row.profile,
      state: row.state,
      at: row.updatedAt,
      code: row.errorCode,
      httpStatus: row.httpStatus,
    })),
    removed:
      `No customer data: payloads, drafts and the service's messages (which may quote any of ` +
      `${PERSONAL_FIELDS.join(', ')}, in any form) are left out; failures are listed by state, code and HTTP status. ` +
      'No secrets: no client id or secret, token or office password is read into it.',
  };
}

/** Writes diagnostics as JSON to `path` (a temporary file renamed into place: never a partial file). */
export function writeDiagnostics(path: string, diagnostics: Diagnostics): void {
  const partial = `${path}.partial`;
  writeFileSync(partial, `${JSON.stringify(diagnostics, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, path);
}
