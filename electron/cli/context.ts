import { dataHome } from '../main/profiles/data-home';
import { readSandboxLink } from '../main/core/sandbox-link';
import { openCore, type Core } from '../main/core/core';
import { ConnectionSetupError } from '../main/core/connection';
import { CliFailure } from './output';
import type { Profile } from '../../shared/profile/schema';

/** What every command needs: the data folder's profiles and journal, opened once. */
export interface CliContext {
  core: Core;
  profile(name?: string): Profile;
  /** Checks the profile can be used now (sandbox running, ...) before anything is queued. */
  ready(profile: Profile): void;
}

/** Opens the data folder (FEED_DESK_HOME or the per-user folder); reports a corrupt profiles file and recovery. */
export function openContext(): CliContext {
  const home = dataHome();
  const core = openCore({ home, sandboxUrl: () => readSandboxLink(home), env: process.env });
  if (core.profiles.warning) process.stderr.write(`feed-desk: warning: ${core.profiles.warning}\n`);
  if (core.recovered > 0) {
    process.stderr.write(`feed-desk: ${core.recovered} submission(s) interrupted while sending are now unknown\n`);
  }
  return {
    core,
    profile(name) {
      const profile = name ? core.profiles.get(name) : core.profiles.active();
      if (!profile) throw new CliFailure(`No profile named ${name}; see \`feed-desk profiles list\``);
      return profile;
    },
    ready(profile) {
      try {
        core.connections.get(profile);
      } catch (err) {
        if (err instanceof ConnectionSetupError) throw new CliFailure(err.message);
        throw err;
      }
    },
  };
}

/** Opens the context, runs the command, and always closes the journal cleanly. */
export async function withContext(run: (ctx: CliContext) => Promise<void> | void): Promise<void> {
  const ctx = openContext();
  try {
    await run(ctx);
  } finally {
    await ctx.core.close();
  }
}
