import { onJournalChanges } from './journal-feed';
import { liveHooks } from './live-read';

export type { Live, Load } from './live-read';

const hooks = liveHooks(onJournalChanges);

/** A value read from main and read again after journal changes (see `liveHooks`). */
export const useLive = hooks.useLive;

/** A value read from main once per `load`, for what the journal does not change (see `liveHooks`). */
export const useRead = hooks.useRead;
