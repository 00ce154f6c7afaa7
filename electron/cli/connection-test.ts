import type { Profile } from '@shared/profile/schema';
import type { CliContext } from './context';
import { AuthenticationError } from '../main/service/errors';
import { CliFailure, EXIT } from './output';

/** The outcome of a connection test that worked. */
export interface TestedConnection {
  profile: string;
  baseUrl: string;
  ms: number;
}

/** Why a token could not be had, in plain words, with what to do about it. */
function testFailure(profile: Profile, baseUrl: string, err: Error): CliFailure {
  const name = profile.name;
  if (err instanceof AuthenticationError) {
    if (err.missing) {
      return new CliFailure(
        `${err.message}; save them with \`feed-desk profiles add ${name} --base-url URL --client-id ID\``,
        { code: 'credentials', exitCode: EXIT.other },
      );
    }
    return new CliFailure(
      `The service refused the credentials of profile ${name}: check its client ID and secret with \`feed-desk profiles\``,
      { code: 'credentials', exitCode: EXIT.other },
    );
  }
  if (err.name === 'KeychainUnavailableError' || err.name === 'KeychainItemError') {
    return new CliFailure(err.message, { code: 'keychain', exitCode: EXIT.other });
  }
  return new CliFailure(`Profile ${name} could not get an access token from ${baseUrl}: ${err.message}`, {
    code: 'connection',
    exitCode: EXIT.other,
  });
}

/**
 * Asks the profile's service for an access token with the profile's credentials (the same path a
 * submit takes), sending no entry. Throws a CliFailure (exit 1) saying what is wrong.
 */
export async function testConnection(ctx: CliContext, profile: Profile): Promise<TestedConnection> {
  ctx.ready(profile);
  const connection = ctx.core.connections.get(profile);
  const started = Date.now();
  try {
    await connection.tokens.get();
  } catch (err) {
    throw testFailure(profile, connection.baseUrl, err instanceof Error ? err : new Error(String(err)));
  } finally {
    ctx.core.connections.forget(profile.name);
  }
  return { profile: profile.name, baseUrl: connection.baseUrl, ms: Date.now() - started };
}

/** The line a person reads when the test worked. */
export function testedLine(t: TestedConnection): string {
  return `Profile ${t.profile} works: ${t.baseUrl} issued an access token for its credentials in ${t.ms} ms`;
}
