import { SANDBOX_PROFILE } from '../../../../shared/profile/schema';
import { connect } from '../../core/connection';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { fail } from '../ipc-failure';
import { createDispatcher } from '../../service/http';

/** What the app shell needs to know about its surroundings. */
export interface AppInfo {
  version: string;
  operator: string;
  sandboxUrl: () => string | undefined;
}

/** App, credential and connection-test handlers. Secrets go in and never come out. */
export function connectionHandlers(
  core: Core,
  info: AppInfo,
): Pick<Handlers, 'app:info' | 'credentials:save' | 'credentials:delete' | 'connection:test'> {
  const profile = (name: string) => core.profiles.get(name) ?? fail('not-found', `No profile named ${name}`);
  return {
    'app:info'() {
      return { version: info.version, operator: info.operator, sandboxRunning: info.sandboxUrl() !== undefined };
    },
    async 'credentials:save'({ profile: name, clientId, clientSecret }) {
      if (name === SANDBOX_PROFILE) fail('invalid', 'The Sandbox profile uses its built-in demo credentials');
      profile(name);
      await core.credentials().save(name, { clientId, clientSecret });
      core.connections.forget(name);
      return { hasSecret: true };
    },
    async 'credentials:delete'({ profile: name }) {
      profile(name);
      await core.credentials().delete(name);
      core.connections.forget(name);
      return { hasSecret: false };
    },
    async 'connection:test'({ profile: name }) {
      const dispatcher = createDispatcher();
      try {
        const connection = connect({
          profile: profile(name),
          credentials: core.credentials,
          dispatcher,
          sandboxUrl: info.sandboxUrl(),
        });
        const started = Date.now();
        await connection.tokens.get();
        return {
          message: `Connected to ${connection.baseUrl}: an access token was issued in ${Date.now() - started} ms.`,
        };
      } finally {
        await dispatcher.close();
      }
    },
  };
}
