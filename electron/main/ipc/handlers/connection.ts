import { SANDBOX_PROFILE } from '@shared/profile/schema';
import { credentialsChanged } from '../../core/profile-actions';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { fail } from '../ipc-failure';
import { AuthenticationError, describeFailure } from '../../service/errors';

/** Credential and connection-test handlers. Secrets go in and never come out. */
export function connectionHandlers(
  core: Core,
): Pick<Handlers, 'credentials:save' | 'credentials:delete' | 'connection:test'> {
  const profile = (name: string) => core.profiles.get(name) ?? fail('not-found', `No profile named ${name}`);
  return {
    async 'credentials:save'({ profile: name, clientId, clientSecret }) {
      if (name === SANDBOX_PROFILE) fail('invalid', 'The Sandbox profile uses its built-in demo credentials');
      await core.credentials.save(profile(name), { clientId, clientSecret });
      await credentialsChanged(core, name);
      return { hasSecret: true };
    },
    async 'credentials:delete'({ profile: name }) {
      profile(name);
      await core.credentials.delete(name);
      core.connections.forget(name);
      return { hasSecret: false };
    },
    async 'connection:test'({ profile: name }) {
      const connection = core.connections.fresh(profile(name));
      const started = Date.now();
      await connection.tokens.get().catch((err: unknown) => {
        if (err instanceof AuthenticationError) fail('auth', describeFailure(err, name));
        throw err;
      });
      return {
        message: `Connected to ${connection.baseUrl}: an access token was issued in ${Date.now() - started} ms.`,
      };
    },
  };
}
