import type { Dispatcher } from 'undici';
import { SANDBOX_PROFILE, type Profile } from '../../../shared/profile/schema';
import type { CredentialStore } from '../credentials/keychain';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/tokens';
import { createFeedClient, type FeedClient } from '../service/feed-client';
import { createTokenProvider, type ClientCredentials, type TokenProvider } from '../service/token-provider';
import { AuthenticationError } from '../service/errors';

/** A profile made ready to talk to its service: resolved URL, token provider, feed client. */
export interface Connection {
  profile: Profile;
  baseUrl: string;
  tokens: TokenProvider;
  feed: FeedClient;
}

export interface ConnectOptions {
  profile: Profile;
  credentials: CredentialStore | (() => CredentialStore);
  dispatcher: Dispatcher;
  /** URL of the running sandbox, used by the Sandbox profile. */
  sandboxUrl?: string;
  /** Credentials from the environment (unattended use) take precedence over the keychain. */
  env?: NodeJS.ProcessEnv;
}

/** Thrown when a profile cannot be used yet (no sandbox running, no credentials saved). */
export class ConnectionSetupError extends Error {
  override readonly name = 'ConnectionSetupError' as const;
}

/** Where a profile's credentials come from: sandbox demo pair, environment, or the keychain. */
export function credentialSource(options: ConnectOptions): () => Promise<ClientCredentials> {
  const { profile, env = {} } = options;
  if (profile.name === SANDBOX_PROFILE) {
    return async () => ({ clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET });
  }
  if (env.FEED_DESK_CLIENT_ID && env.FEED_DESK_CLIENT_SECRET) {
    const fromEnv = { clientId: env.FEED_DESK_CLIENT_ID, clientSecret: env.FEED_DESK_CLIENT_SECRET };
    return async () => fromEnv;
  }
  return async () => {
    const store = typeof options.credentials === 'function' ? options.credentials() : options.credentials;
    const saved = await store.read(profile.name);
    if (!saved) throw new AuthenticationError(`No client credentials are saved for profile ${profile.name}`);
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
  const timeoutMs = profile.requestTimeoutMs;
  const tokens = createTokenProvider({ baseUrl, credentials: credentialSource(options), dispatcher, timeoutMs });
  return { profile, baseUrl, tokens, feed: createFeedClient({ baseUrl, tokens, dispatcher, timeoutMs }) };
}
