import { SANDBOX_PROFILE, profileSchema, type Profile } from '@shared/profile/schema';
import { ProfileError } from '../profiles/profile-store';
import { originOf } from '../credentials/keychain';
import type { Core } from './core';

/** A keychain that cannot be reached does not undo a profile change already written. */
const quietly = (op: Promise<unknown>) => op.catch(() => undefined);

/**
 * Saves a profile, new or edited, possibly renamed. A rename carries the profile's journal rows
 * and drafts; the secret follows only while the base URL keeps its origin. A changed origin
 * drops the secret, which must be entered again.
 */
export async function saveProfile(core: Core, input: unknown, previousName?: string): Promise<Profile> {
  const parsed = profileSchema.parse(input);
  const from = previousName ?? parsed.name;
  const before = core.profiles.get(from);
  if (from !== parsed.name || !before) {
    if (core.profiles.get(parsed.name)) throw new ProfileError(`A profile named ${parsed.name} already exists`);
  }
  let stored: Profile;
  if (before && from !== parsed.name) {
    stored = core.profiles.rename(from, parsed);
    await core.journal.renameProfile(from, stored.name);
    await quietly(core.credentials.rename(from, stored));
  } else {
    stored = core.profiles.put(parsed);
    if (before && originOf(before.baseUrl) !== originOf(stored.baseUrl)) await quietly(core.credentials.delete(from));
  }
  core.connections.forget(from);
  core.connections.forget(stored.name);
  return stored;
}

/** Removes a profile, refused while it has rows still to send or to decide (with how many, and where). */
export async function removeProfile(core: Core, name: string): Promise<void> {
  const open = Object.entries(await core.journal.openCounts(name));
  if (open.length) {
    const what = open.map(([state, n]) => `${n} ${state}`).join(', ');
    throw new ProfileError(
      `Profile ${name} still has submissions to send or decide (${what}); resolve or discard them in the ` +
        `Journal (or \`feed-desk journal --profile "${name}"\`) before removing it`,
    );
  }
  core.profiles.remove(name);
  core.connections.forget(name);
  await quietly(core.credentials.delete(name));
}

/** A free name for an imported profile whose name is taken: "Prod imported", "Prod imported 2", ... */
function freeName(core: Core, name: string): string {
  for (let n = 1; ; n += 1) {
    const suffix = ` imported${n > 1 ? ` ${n}` : ''}`;
    const candidate = name.slice(0, 60 - suffix.length) + suffix;
    if (!core.profiles.get(candidate)) return candidate;
  }
}

/** Imports profiles (never secrets); a name already in use is imported under a new name, never overwritten. */
export function importProfiles(core: Core, profiles: readonly Profile[]): Array<{ name: string; from: string }> {
  return profiles
    .filter((p) => p.name !== SANDBOX_PROFILE)
    .map((p) => {
      const name = core.profiles.get(p.name) ? freeName(core, p.name) : p.name;
      return { name: core.profiles.put({ ...p, name }).name, from: p.name };
    });
}

/** After new credentials are saved: forget the old token and send what waited for them. */
export async function credentialsChanged(core: Core, name: string): Promise<void> {
  core.connections.forget(name);
  await core.journal.retryWaiting(name);
  core.outbox.kick();
}
