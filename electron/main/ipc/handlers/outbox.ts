import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';

/** Pausing and resuming a profile's sending, and "send now". */
export function outboxHandlers(core: Core): Pick<Handlers, 'outbox:status' | 'outbox:pause' | 'outbox:sendNow'> {
  return {
    async 'outbox:status'() {
      return { paused: await core.journal.paused() };
    },
    async 'outbox:pause'({ profile, paused }) {
      if (!paused) {
        const now = await core.journal.setPaused(profile, false);
        core.pipeline.pausesChanged();
        core.outbox.kick();
        return { paused: now };
      }
      // No spare row of the profile leaves once its pause is committed.
      const now = await core.outbox.whilePausing(async () => {
        const names = await core.journal.setPaused(profile, true);
        core.pipeline.pausesChanged();
        return names;
      });
      return { paused: now };
    },
    async 'outbox:sendNow'({ profile }) {
      const due = await core.journal.sendNow(profile);
      core.pipeline.pausesChanged();
      core.outbox.kick();
      return { due };
    },
  };
}
