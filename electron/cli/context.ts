import { dataHome } from '../main/profiles/data-home';
import { readSandboxLink } from '../main/core/sandbox-link';
import type { Core } from '../main/core/core';
import type { ProfileStore } from '../main/profiles/profile-store';
import { CliFailure, EXIT } from './output';
import { SANDBOX_PROFILE, type Profile } from '@shared/profile/schema';
import { trace } from '../main/support/trace';

/** What every command needs: the data folder's profiles and journal, opened once. */
export interface CliContext {
  core: Core;
  /** The named profile, else FEED_DESK_PROFILE's, else the active one; an unknown name is refused. */
  profile(name?: string): Profile;
  /** Checks the profile can be used now (sandbox running, ...) before anything is queued. */
  ready(profile: Profile): void;
}

/** The refusal every command gives for a profile name it does not know (exit status 2). */
export function unknownProfile(name: string): CliFailure {
  return new CliFailure(`No profile named ${name}; see \`feed-desk profiles list\``, { code: 'unknown-profile' });
}

let journalUrl: string | undefined;

/** The journal URL given with --journal (before the command), which overrides FEED_DESK_JOURNAL_URL. */
export function setJournalUrl(url: string | undefined): void {
  journalUrl = url;
}

/** The profile a command uses when --profile is not given: FEED_DESK_PROFILE, else the active one. */
export function defaultProfileName(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.FEED_DESK_PROFILE || undefined;
}

/** Opens the data folder (FEED_DESK_HOME or the per-user folder); reports a corrupt profiles file and recovery. */
export async function openContext(options: { concurrency?: number } = {}): Promise<CliContext> {
  const home = dataHome();
  trace('context opens');
  // Loaded here, not at start-up: `--help` and usage errors never open the core (journal, service client).
  const [{ openCore }, { ConnectionSetupError }] = await Promise.all([
    import('../main/core/core'),
    import('../main/core/connection'),
  ]);
  // Where a standalone sandbox listens, read again at most every second (not once per request).
  let link: { at: number; url: string | undefined } | undefined;
  const sandboxUrl = () => {
    if (!link || Date.now() - link.at > 1000) link = { at: Date.now(), url: readSandboxLink(home) };
    return link.url;
  };
  const core = await openCore({
    home,
    sandboxUrl,
    env: process.env,
    journalUrl,
    concurrency: options.concurrency,
  });
  trace('core open');
  if (core.profiles.warning) process.stderr.write(`feed-desk: warning: ${core.profiles.warning}\n`);
  if (core.recovered > 0) {
    process.stderr.write(`feed-desk: ${core.recovered} submission(s) interrupted while sending are now unknown\n`);
  }
  return {
    core,
    profile(name = defaultProfileName()) {
      const profile = name ? core.profiles.get(name) : core.profiles.active();
      if (!profile) throw unknownProfile(name ?? '');
      return profile;
    },
    ready(profile) {
      try {
        core.connections.get(profile);
      } catch (err) {
        if (err instanceof ConnectionSetupError) {
          const where = process.env.FEED_DESK_HOME ? `FEED_DESK_HOME=${home}` : `the default data folder ${home}`;
          const hint =
            profile.name === SANDBOX_PROFILE ? ` (Looked for one started with ${where}; both must use the same.)` : '';
          throw new CliFailure(err.message + hint, {
            code: 'not-ready',
            exitCode: EXIT.other,
          });
        }
        throw err;
      }
    },
  };
}

/**
 * Runs a command that only reads the profiles (`profiles list`): the data folder's profiles file is
 * opened as openCore opens it, but neither the journal nor the service client is, so it answers at once.
 */
export async function withProfiles(run: (profiles: ProfileStore) => Promise<void> | void): Promise<void> {
  const { openProfileStore } = await import('../main/profiles/profile-store');
  const profiles = openProfileStore(dataHome());
  if (profiles.warning) process.stderr.write(`feed-desk: warning: ${profiles.warning}\n`);
  await run(profiles);
}

/** Opens the context, runs the command, and always closes the journal cleanly. */
export async function withContext(
  run: (ctx: CliContext) => Promise<void> | void,
  options: { concurrency?: number } = {},
): Promise<void> {
  const ctx = await openContext(options);
  try {
    await run(ctx);
  } finally {
    await ctx.core.close();
  }
}
