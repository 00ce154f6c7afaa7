import { z } from 'zod';
import { SANDBOX_PROFILE, profileSchema, type Profile } from '../../../../shared/profile/schema';
import type { ProfileView } from '../../../../shared/ipc/contract';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { fail } from '../ipc-failure';

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
    let hasSecret = builtIn;
    if (!builtIn)
      hasSecret = await core
        .credentials()
        .has(profile.name)
        .catch(() => false);
    return { profile, hasSecret, builtIn };
  }

  return {
    async 'profiles:list'() {
      return { active: core.profiles.active().name, profiles: await Promise.all(core.profiles.list().map(view)) };
    },
    async 'profiles:save'({ profile, previousName }) {
      const parsed = profileSchema.parse(profile);
      const renaming = previousName !== undefined && previousName !== parsed.name;
      if (renaming && (previousName === SANDBOX_PROFILE || parsed.name === SANDBOX_PROFILE)) {
        fail('invalid', 'The Sandbox profile cannot be renamed', { name: 'The Sandbox profile keeps its name' });
      }
      if ((renaming || previousName === undefined) && core.profiles.get(parsed.name)) {
        fail('invalid', `A profile named ${parsed.name} already exists`, { name: 'This name is taken' });
      }
      if (renaming && previousName) {
        const saved = await core
          .credentials()
          .read(previousName)
          .catch(() => undefined);
        if (saved) await core.credentials().save(parsed.name, saved);
      }
      const stored = core.profiles.put(parsed);
      if (renaming && previousName) {
        const wasActive = core.profiles.active().name === previousName;
        core.profiles.remove(previousName);
        await core
          .credentials()
          .delete(previousName)
          .catch(() => false);
        core.connections.forget(previousName);
        if (wasActive) core.profiles.setActive(stored.name);
      }
      core.connections.forget(stored.name);
      return view(stored);
    },
    async 'profiles:remove'({ name }) {
      core.profiles.remove(name);
      core.connections.forget(name);
      await core
        .credentials()
        .delete(name)
        .catch(() => false);
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
      const imported = profiles.filter((p) => p.name !== SANDBOX_PROFILE).map((p) => core.profiles.put(p).name);
      return { imported };
    },
  };
}
