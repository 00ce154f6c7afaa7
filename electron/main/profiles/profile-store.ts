import { z } from 'zod';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateDataFolder } from '../support/private-files';
import {
  SANDBOX_PROFILE,
  profileSchema,
  type Profile,
  type ProfileInput,
  type ProfilesFile,
} from '@shared/profile/schema';

/** Base URL stored for the Sandbox profile; the real loopback URL is known once the sandbox runs. */
export const SANDBOX_BASE_URL = 'http://127.0.0.1';

/** The Sandbox profile as first created: default rules, the sandbox's cancellation path. */
export function defaultSandboxProfile(): Profile {
  return profileSchema.parse({
    name: SANDBOX_PROFILE,
    baseUrl: SANDBOX_BASE_URL,
    cancellation: { path: '/v1/feed/createcancellation' },
  });
}

/** Profiles on disk (without secrets), the Sandbox one always present. */
export interface ProfileStore {
  list(): Profile[];
  get(name: string): Profile | undefined;
  active(): Profile;
  setActive(name: string): void;
  /** Adds or replaces a profile (validated); returns the stored form. */
  put(input: ProfileInput): Profile;
  /** Replaces profile `from` by `input` under its new name, in place, carrying the active choice. */
  rename(from: string, input: ProfileInput): Profile;
  remove(name: string): void;
  /** Set when the file on disk was unreadable: what happened and where the old file was kept. */
  readonly warning: string | undefined;
}

/** The file's frame; each profile in it is checked on its own. */
const fileShapeSchema = z.strictObject({ version: z.literal(1), active: z.string(), profiles: z.array(z.unknown()) });

/** Thrown for a request the store refuses (unknown name, removing Sandbox, ...). */
export class ProfileError extends Error {
  override readonly name = 'ProfileError' as const;
}

function load(file: string): { data: ProfilesFile; warning?: string } {
  const fresh: ProfilesFile = { version: 1, active: SANDBOX_PROFILE, profiles: [defaultSandboxProfile()] };
  if (!existsSync(file)) return { data: fresh };
  let reason: string;
  try {
    const raw = fileShapeSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!raw.success) throw new Error(raw.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    // One profile this version cannot use (e.g. a port now refused) must not cost the others.
    const profiles = raw.data.profiles.map((p) => profileSchema.safeParse(p));
    const bad = profiles.flatMap((p, i) => (p.success ? [] : [`profile ${i + 1}: ${p.error.issues[0]?.message}`]));
    const data = { ...raw.data, profiles: profiles.flatMap((p) => (p.success ? [p.data] : [])) };
    if (bad.length === 0) return { data };
    const aside = setAside(file);
    writeFileSync(file, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
    return {
      data,
      warning: `some profiles in profiles.json cannot be used (${bad.join('; ')}); the file as it was is kept as ${aside}, the other profiles were kept`,
    };
  } catch (err) {
    reason = (err as Error).message;
  }
  return { data: fresh, warning: `profiles.json could not be read (${reason}); it was kept as ${setAside(file)}` };
}

/** Keeps the file as it was beside the new one, and says where. */
function setAside(file: string): string {
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  return aside;
}

/** Opens the profile store in a data folder; a corrupt file is moved aside and reported. */
export function openProfileStore(home: string): ProfileStore {
  privateDataFolder(home);
  const file = join(home, 'profiles.json');
  const { data, warning } = load(file);
  if (!data.profiles.some((p) => p.name === SANDBOX_PROFILE)) data.profiles.unshift(defaultSandboxProfile());
  if (!data.profiles.some((p) => p.name === data.active)) data.active = SANDBOX_PROFILE;

  const save = () => {
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
    renameSync(tmp, file);
  };
  const find = (name: string) => data.profiles.find((p) => p.name === name);

  return {
    warning,
    list: () => data.profiles.map((p) => structuredClone(p)),
    get: (name) => structuredClone(find(name)),
    active: () => structuredClone(find(data.active) ?? defaultSandboxProfile()),
    setActive(name) {
      if (!find(name)) throw new ProfileError(`No profile named ${name}`);
      data.active = name;
      save();
    },
    put(input) {
      const profile = profileSchema.parse(input);
      if (profile.name === SANDBOX_PROFILE) {
        profile.baseUrl = SANDBOX_BASE_URL;
        delete profile.colour;
      }
      const index = data.profiles.findIndex((p) => p.name === profile.name);
      if (index >= 0) data.profiles[index] = profile;
      else data.profiles.push(profile);
      save();
      return structuredClone(profile);
    },
    rename(from, input) {
      const profile = profileSchema.parse(input);
      const index = data.profiles.findIndex((p) => p.name === from);
      if (from === SANDBOX_PROFILE || profile.name === SANDBOX_PROFILE) {
        throw new ProfileError('The Sandbox profile keeps its name');
      }
      if (index < 0) throw new ProfileError(`No profile named ${from}`);
      if (find(profile.name)) throw new ProfileError(`A profile named ${profile.name} already exists`);
      data.profiles[index] = profile;
      if (data.active === from) data.active = profile.name;
      save();
      return structuredClone(profile);
    },
    remove(name) {
      if (name === SANDBOX_PROFILE) throw new ProfileError('The Sandbox profile cannot be removed');
      if (!find(name)) throw new ProfileError(`No profile named ${name}`);
      data.profiles = data.profiles.filter((p) => p.name !== name);
      if (data.active === name) data.active = SANDBOX_PROFILE;
      save();
    },
  };
}
