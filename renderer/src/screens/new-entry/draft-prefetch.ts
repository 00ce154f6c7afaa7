import { calls } from './actions';
import { readRoute } from '../../route';
import { DRAFT_SCREEN } from './use-draft-autosave';

type DraftAnswer = ReturnType<typeof calls.drafts.get>;

// Asked when the app loads on New entry (the preload asked it already), in parallel with the
// profile list, so the first render can show the form; another screen asks when New entry opens.
let pending: DraftAnswer | undefined =
  readRoute() === 'new-entry' ? calls.drafts.get({ screen: DRAFT_SCREEN }) : undefined;
let arrived: Awaited<DraftAnswer> | undefined;

/** Settles once the draft asked at load has answered: main.tsx renders New entry first after it. */
export const draftAsked: Promise<unknown> = (pending ?? Promise.resolve(undefined)).then(
  (answer) => (arrived = answer),
  () => undefined,
);

/** The draft asked at load, if it has answered and has not been read yet. */
export function arrivedDraft(): Awaited<DraftAnswer> | undefined {
  return pending ? arrived : undefined;
}

/** After the draft asked at load was shown: the next visit reads it afresh. */
export function forgetArrivedDraft(): void {
  pending = undefined;
}

/** The autosaved draft: the one fetched at start-up the first time, a fresh read afterwards. */
export function loadDraft(): DraftAnswer {
  const answer = pending ?? calls.drafts.get({ screen: DRAFT_SCREEN });
  pending = undefined;
  return answer;
}
