import type { JournalStore } from './store';

/** The sections each store is cut into, each typed against the contract (a new method belongs to one). */
export type SendingSection = Pick<
  JournalStore,
  | 'queue'
  | 'claim'
  | 'claimDue'
  | 'claimNext'
  | 'unclaim'
  | 'recordOutcomes'
  | 'recordOutcome'
  | 'renewLeases'
  | 'expireLeases'
  | 'nextRetryAt'
>;
export type ActionSection = Pick<
  JournalStore,
  | 'resend'
  | 'markAccepted'
  | 'discard'
  | 'linkCorrection'
  | 'markReviewed'
  | 'openCounts'
  | 'renameProfile'
  | 'retryWaiting'
  | 'paused'
  | 'setPaused'
  | 'sendNow'
>;
export type QuerySection = Pick<
  JournalStore,
  | 'get'
  | 'history'
  | 'histories'
  | 'resolutions'
  | 'list'
  | 'iterate'
  | 'attention'
  | 'facets'
  | 'report'
  | 'customer'
  | 'entriesFor'
>;
