import type { Dispatcher } from 'undici';
import type { Profile } from '@shared/profile/schema';
import type { CredentialStore } from '../credentials/keychain';
import { connect, type Connection } from './connection';

/** One connection (and so one token) per profile, rebuilt when the profile's address or timeout changes. */
export function createConnectionCache(options: {
  credentials: CredentialStore;
  dispatcher: Dispatcher;
  sandboxUrl: () => string | undefined;
  env?: NodeJS.ProcessEnv;
}) {
  const cache = new Map<string, { key: string; connection: Connection }>();
  return {
    get(profile: Profile): Connection {
      const sandboxUrl = options.sandboxUrl();
      const key = JSON.stringify([profile.baseUrl, profile.requestTimeoutMs, sandboxUrl]);
      const hit = cache.get(profile.name);
      if (hit?.key === key) {
        hit.connection.profile = profile;
        return hit.connection;
      }
      const connection = connect({ ...options, profile, sandboxUrl });
      cache.set(profile.name, { key, connection });
      return connection;
    },
    /** A new connection, not cached, with no token yet (for testing a profile's connection). */
    fresh(profile: Profile): Connection {
      return connect({ ...options, profile, sandboxUrl: options.sandboxUrl() });
    },
    /** Forgets a profile's connection and token (after its credentials or address change). */
    forget(name: string): void {
      cache.delete(name);
    },
  };
}
