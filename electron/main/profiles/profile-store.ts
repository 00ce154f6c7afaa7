import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SANDBOX_PROFILE,
  profileSchema,
  profilesFileSchema,
  type Profile,
  type ProfileInput,
  type ProfilesFile,
} from '../../../shared/profile/schema';

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

/** Thrown for a request the store refuses (unknown name, removing Sandbox, ...). */
export class ProfileError extends Error {
  override readonly name = 'ProfileError' as const;
}

function load(file: string): { data: ProfilesFile; warning?: string } {
  const fresh: ProfilesFile = { version: 1, active: SANDBOX_PROFILE, profiles: [defaultSandboxProfile()] };
  if (!existsSync(file)) return { data: fresh };
  let reason: string;
  try {
    const parsed = profilesFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return { data: parsed.data };
    reason = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  } catch (err) {
    reason = (err as Error).message;
  }
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  return { data: fresh, warning: `profiles.json could not be read (${reason}); it was kept as ${aside}` };
}

/** Opens the profile store in a data folder; a corrupt file is moved aside and reported. */
export function openProfileStore(home: string): ProfileStore {
  mkdirSync(home, { recursive: true });
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
      if (profile.name === SANDBOX_PROFILE) profile.baseUrl = SANDBOX_BASE_URL;
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
