import { calls } from './actions';
import { DRAFT_SCREEN } from './use-draft-autosave';

type DraftAnswer = ReturnType<typeof calls.drafts.get>;

// Started when the app loads, in parallel with the profile list, so the first form shows sooner.
let pending: DraftAnswer | undefined = calls.drafts.get({ screen: DRAFT_SCREEN });

/** The autosaved draft: the one fetched at start-up the first time, a fresh read afterwards. */
export function loadDraft(): DraftAnswer {
  const answer = pending ?? calls.drafts.get({ screen: DRAFT_SCREEN });
  pending = undefined;
  return answer;
}
