import { z } from 'zod';
import { SANDBOX_PROFILE, profileSchema, type Profile } from '@shared/profile/schema';
import type { ProfileView } from '@shared/ipc/contract';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { fail } from '../ipc-failure';
import { SANDBOX_CLIENT_ID } from '../../../sandbox/tokens';
import { importProfiles, removeProfile, saveProfile } from '../../core/profile-actions';

const exportFileSchema = z.object({ version: z.literal(1), profiles: z.array(z.unknown()) });

/** Profile handlers: list, save (with rename), remove, use, export and import without secrets. */
export function profileHandlers(
  core: Core,
): Pick<
  Handlers,
  'profiles:list' | 'profiles:save' | 'profiles:remove' | 'profiles:use' | 'profiles:export' | 'profiles:import'
> {
  async function view(profile: Profile): Promise<ProfileView> {
    const builtIn = profile.name === SANDBOX_PROFILE;
    if (builtIn) return { profile, hasSecret: true, clientId: SANDBOX_CLIENT_ID, builtIn };
    const saved = await core.credentials.read(profile).catch(() => undefined);
    return { profile, hasSecret: saved !== undefined, clientId: saved?.clientId ?? null, builtIn };
  }

  return {
    async 'profiles:list'() {
      const keychain = await core.credentials.availability();
      return {
        active: core.profiles.active().name,
        profiles: await Promise.all(core.profiles.list().map(view)),
        keychain: keychain.available ? { available: true, message: null } : keychain,
      };
    },
    async 'profiles:save'({ profile, previousName }) {
      return view(await saveProfile(core, profile, previousName));
    },
    async 'profiles:remove'({ name }) {
      await removeProfile(core, name);
      return {};
    },
    'profiles:use'({ name }) {
      core.profiles.setActive(name);
      return {};
    },
    'profiles:export'() {
      const profiles = core.profiles.list().filter((p) => p.name !== SANDBOX_PROFILE);
      return { json: JSON.stringify({ version: 1, profiles }, null, 2) };
    },
    'profiles:import'({ json }) {
      let data: unknown;
      try {
        data = JSON.parse(json);
      } catch {
        fail('invalid', 'The file is not JSON');
      }
      const file = exportFileSchema.safeParse(data);
      if (!file.success) fail('invalid', 'The file is not a Feed Desk profiles export');
      const profiles = file.data.profiles.map((p, i) => {
        const parsed = profileSchema.safeParse(p);
        if (!parsed.success)
          fail('invalid', `Profile ${i + 1} in the file is not valid: ${parsed.error.issues[0]?.message}`);
        return parsed.data;
      });
      return { imported: importProfiles(core, profiles) };
    },
  };
}
