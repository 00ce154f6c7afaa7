import { writeFileSync, renameSync, existsSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { JOURNAL_STATES, type JournalState, type SubmissionRow } from '../../../shared/journal/types';
import { isPersonalField, PERSONAL_FIELDS } from '../../../shared/journal/personal-fields';
import type { Core } from '../core/core';
import { localJournalPath } from '../core/core';
import { officePasswordKey, readJournalSettings } from '../journal/open';
import { createRedactor } from '../service/redact';

/** How many of the latest failures a diagnostics file lists. */
export const DIAGNOSTIC_ERRORS = 200;

/** Where a personal value or a secret was taken out. */
const PERSONAL_MARK = '[personal]';

/** E-mail addresses, UK postcodes and telephone-like digit runs, wherever they appear in a message. */
const PERSONAL_PATTERNS = [
  /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g,
  /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi,
  /\+?\d[\d\s().-]{6,}\d/g,
];

export interface DiagnosticsError {
  id: number;
  kind: string;
  profile: string;
  state: JournalState;
  at: string;
  code: string | null;
  httpStatus: number | null;
  message: string | null;
}

/** What a desk sends to support: how it is set up and what went wrong, without customers or secrets. */
export interface Diagnostics {
  createdAt: string;
  app: { name: string; version: string; node: string; electron: string | null };
  os: { platform: string; release: string; arch: string };
  profiles: Array<Record<string, unknown> & { name: string; credentialsStored: boolean }>;
  journal: { kind: 'local' | 'office'; where: string; role: string; schemaVersion: number | null };
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

/** The schema version of this computer's journal file (read only), or null when it cannot be read. */
async function localSchemaVersion(path: string): Promise<number | null> {
  if (!existsSync(path)) return null;
  try {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/**
 * Removes from a message every personal value of its row (each field of PERSONAL_FIELDS, as
 * typed), every e-mail address, postcode and telephone-like number, and every secret the
 * redactor knows (profile secrets, the office password, in every written form).
 */
function cleanMessage(message: string | null, row: SubmissionRow, secrets: (text: string) => string): string | null {
  if (message === null) return null;
  let text = secrets(message);
  const values = Object.entries(row.payload)
    .filter(([name, value]) => isPersonalField(name) && value.trim().length > 1)
    .map(([, value]) => value.trim())
    .sort((a, b) => b.length - a.length);
  for (const value of values) text = text.split(value).join(PERSONAL_MARK);
  for (const pattern of PERSONAL_PATTERNS) text = text.replace(pattern, PERSONAL_MARK);
  return text;
}

/**
 * Gathers the diagnostics of a desk: versions, operating system, profiles (no credentials), the
 * journal's location and schema, counts by state and the latest failures with their codes, every
 * personal field and secret taken out. Nothing of a draft, a payload or the keychain is included.
 */
export async function buildDiagnostics(
  core: Core,
  app: { name: string; version: string; electron?: string | null },
  env: NodeJS.ProcessEnv = process.env,
): Promise<Diagnostics> {
  const redactor = createRedactor();
  const profiles: Diagnostics['profiles'] = [];
  for (const profile of core.profiles.list()) {
    const credentials = await core.credentials.read(profile).catch(() => undefined);
    if (credentials) {
      redactor.remember(credentials.clientSecret);
      redactor.remember(credentials.clientId);
    }
    profiles.push({ ...profile, baseUrl: plainUrl(profile.baseUrl), credentialsStored: credentials !== undefined });
  }
  const settings = (() => {
    try {
      return readJournalSettings(core.home);
    } catch {
      return null;
    }
  })();
  if (settings?.kind === 'office') {
    const key = (() => {
      try {
        return officePasswordKey(settings.office);
      } catch {
        return undefined;
      }
    })();
    const password = key ? await core.credentials.officePassword.read(key).catch(() => undefined) : undefined;
    if (password) redactor.remember(password);
  }
  if (env.PGPASSWORD) redactor.remember(env.PGPASSWORD);
  const secrets = (text: string) => redactor.redact(text);

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
      schemaVersion: location.kind === 'local' ? await localSchemaVersion(localJournalPath(core.home)) : null,
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
      message: cleanMessage(row.message, row, secrets),
    })),
    removed:
      `No customer data: the personal fields (${PERSONAL_FIELDS.join(', ')}) and payloads are left out, and ` +
      `${PERSONAL_MARK} stands where a message named one, an e-mail address, a postcode or a telephone number. ` +
      'No secrets: client ids and secrets, tokens and the office password are left out or [redacted].',
  };
}

/** Writes diagnostics as JSON to `path` (a temporary file renamed into place: never a partial file). */
export function writeDiagnostics(path: string, diagnostics: Diagnostics): void {
  const partial = `${path}.partial`;
  writeFileSync(partial, `${JSON.stringify(diagnostics, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, path);
}
