import { createDispatcher } from '../main/service/http';
import { dataHome } from '../main/profiles/data-home';
import { openProfileStore, type ProfileStore } from '../main/profiles/profile-store';
import { createCredentialStore, type CredentialStore } from '../main/credentials/keychain';
import { readSandboxLink } from '../main/core/sandbox-link';
import { connect, type Connection } from '../main/core/connection';
import { CliFailure } from './output';
import type { Profile } from '../../shared/profile/schema';

/** What every command needs: the data folder and its profiles, opened once. */
export interface CliContext {
  home: string;
  profiles: ProfileStore;
  credentials: () => CredentialStore;
  profile(name?: string): Profile;
  connect(profile: Profile): Connection;
}

/** Opens the data folder (FEED_DESK_HOME or the per-user folder) and reports a corrupt profiles file. */
export function openContext(): CliContext {
  const home = dataHome();
  const profiles = openProfileStore(home);
  if (profiles.warning) process.stderr.write(`feed-desk: warning: ${profiles.warning}\n`);
  let store: CredentialStore | undefined;
  const credentials = () => (store ??= createCredentialStore());
  return {
    home,
    profiles,
    credentials,
    profile(name) {
      const profile = name ? profiles.get(name) : profiles.active();
      if (!profile) throw new CliFailure(`No profile named ${name}; see \`feed-desk profiles list\``);
      return profile;
    },
    connect: (profile) =>
      connect({
        profile,
        credentials,
        dispatcher: createDispatcher(),
        sandboxUrl: readSandboxLink(home),
        env: process.env,
      }),
  };
}
