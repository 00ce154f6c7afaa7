import type { Dispatcher } from 'undici';
import { SANDBOX_PROFILE, type Profile } from '@shared/profile/schema';
import type { CredentialStore } from '../credentials/keychain';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/tokens';
import { createFeedClient } from '../service/feed-client';
import type { Connection } from '../service/connection';
import { createTokenProvider, type ClientCredentials } from '../service/token-provider';
import { AuthenticationError } from '../service/errors';
import { createRedactor } from '../service/redact';

export type { Connection };

export interface ConnectOptions {
  profile: Profile;
  credentials: CredentialStore;
  dispatcher: Dispatcher;
  /** URL of the running sandbox, used by the Sandbox profile. */
  sandboxUrl?: string;
  /** FEED_DESK_CLIENT_ID/SECRET apply only to the profile FEED_DESK_PROFILE names (unattended use). */
  env?: NodeJS.ProcessEnv;
}

/** Thrown when a profile cannot be used yet (no sandbox running). */
export class ConnectionSetupError extends Error {
  override readonly name = 'ConnectionSetupError' as const;
}

/** Environment credentials, when they are meant for this profile (never the Sandbox one). */
function environmentCredentials(profile: Profile, env: NodeJS.ProcessEnv): ClientCredentials | undefined {
  const { FEED_DESK_PROFILE: named, FEED_DESK_CLIENT_ID: clientId, FEED_DESK_CLIENT_SECRET: clientSecret } = env;
  if (profile.name === SANDBOX_PROFILE || named !== profile.name || !clientId || !clientSecret) return undefined;
  return { clientId, clientSecret };
}

/**
 * Where a profile's credentials come from: the sandbox's demo pair, the environment (only for the
 * profile FEED_DESK_PROFILE names), or the keychain item bound to this profile's origin.
 */
export function credentialSource(options: ConnectOptions): () => Promise<ClientCredentials> {
  const { profile, env = {} } = options;
  if (profile.name === SANDBOX_PROFILE) {
    return async () => ({ clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET });
  }
  const fromEnv = environmentCredentials(profile, env);
  if (fromEnv) return async () => fromEnv;
  return async () => {
    const saved = await options.credentials.read(profile);
    if (!saved) {
      throw new AuthenticationError(
        `No client credentials are saved for profile ${profile.name} at ${new URL(profile.baseUrl).origin}`,
        true,
      );
    }
    return saved;
  };
}

/** Builds the connection for a profile; the Sandbox profile needs the sandbox's URL. */
export function connect(options: ConnectOptions): Connection {
  const { profile, dispatcher } = options;
  let baseUrl = profile.baseUrl;
  if (profile.name === SANDBOX_PROFILE) {
    if (!options.sandboxUrl) {
      throw new ConnectionSetupError(
        'The sandbox is not running. Start it in another terminal with `npm run sandbox` (or `feed-desk sandbox`).',
      );
    }
    baseUrl = options.sandboxUrl;
  }
  const post = { dispatcher, timeoutMs: profile.requestTimeoutMs, redactor: createRedactor() };
  const tokens = createTokenProvider({ ...post, baseUrl, credentials: credentialSource(options) });
  return { profile, baseUrl, tokens, feed: createFeedClient({ ...post, baseUrl, tokens }) };
}
