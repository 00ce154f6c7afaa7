import type { Core } from '../../core/core';
import { deskFeed, writeDeskFeed } from '../../updates/desk-updates';
import { feedAddressProblem } from '../../updates/feed-address';
import type { UpdateState } from '../../updates/updates';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';
import { fail } from '../ipc-failure';

/** Where the app runs from its source (npm start): it is updated with its checkout, not from a feed. */
const FROM_SOURCE: UpdateState = {
  kind: 'off',
  why: 'This copy of Feed Desk runs from its source (npm start), so it does not update itself; an installed desk follows the feed set here.',
};

type UpdateChannels = 'updates:status' | 'updates:setFeed' | 'updates:check' | 'updates:restart';

/**
 * Settings › About › Updates: the feed this desk follows (the office's, set once in the office
 * journal for every desk, or the desk's own), where updating stands, "Restart to update".
 */
export function updateHandlers(core: Core, desktop: Desktop): Pick<Handlers, UpdateChannels> {
  const view = async (state: UpdateState = desktop.updates?.current ?? FROM_SOURCE) => {
    // On the office journal the feed shown is the office's (a desk follows its own only while the
    // office names none); on this computer's journal, the desk's own.
    const office = core.journal.updateFeed ? ((await core.journal.updateFeed.get()).url ?? null) : undefined;
    const { location } = core.journal;
    return {
      feed: office !== undefined ? office : (deskFeed(core.home) ?? null),
      office: office !== undefined,
      mayChange: office === undefined || (location.kind === 'office' && location.role !== 'clerk'),
      state,
    };
  };
  return {
    async 'updates:status'() {
      return view();
    },
    async 'updates:setFeed'({ feed }) {
      const address = feed.trim();
      const problem = address ? feedAddressProblem(address) : undefined;
      if (problem) fail('invalid', problem, { feed: problem });
      // On the office journal, the office's feed (the database admits supervisors and the owner).
      if (core.journal.updateFeed) await core.journal.updateFeed.set(address || null);
      else writeDeskFeed(core.home, address || undefined);
      const state = desktop.updates?.setFeed(address || undefined);
      if (state?.kind === 'idle') void desktop.updates?.check();
      return view(state);
    },
    async 'updates:check'() {
      return view(desktop.updates ? await desktop.updates.check() : undefined);
    },
    async 'updates:restart'() {
      return view(desktop.updates ? await desktop.updates.restartToUpdate() : undefined);
    },
  };
}
