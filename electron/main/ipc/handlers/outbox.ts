import type { Core } from '../../core/core';
import { operatorName } from '../../core/core';
import type { Handlers } from '../dispatch';
import { pausedProfiles, sendNow, setPaused } from '../../journal/profile-rows';

/** Pausing and resuming a profile's sending, and "send now". */
export function outboxHandlers(core: Core): Pick<Handlers, 'outbox:status' | 'outbox:pause' | 'outbox:sendNow'> {
  return {
    'outbox:status'() {
      return { paused: pausedProfiles(core.journal) };
    },
    'outbox:pause'({ profile, paused }) {
      const now = setPaused(core.journal, profile, paused, operatorName());
      if (!paused) core.outbox.kick();
      return { paused: now };
    },
    'outbox:sendNow'({ profile }) {
      const due = sendNow(core.journal, profile, operatorName());
      core.outbox.kick();
      return { due };
    },
  };
}
