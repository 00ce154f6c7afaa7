import { dataHome } from '../main/profiles/data-home';
import { readSandboxLink } from '../main/core/sandbox-link';
import { openCore, type Core } from '../main/core/core';
import { ConnectionSetupError } from '../main/core/connection';
import { CliFailure, EXIT } from './output';
import { SANDBOX_PROFILE, type Profile } from '../../shared/profile/schema';

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
  const core = await openCore({
    home,
    sandboxUrl: () => readSandboxLink(home),
    env: process.env,
    journalUrl,
    concurrency: options.concurrency,
  });
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
