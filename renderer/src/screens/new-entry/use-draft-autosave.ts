import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { calls } from './actions';
import { sameValues, type EntryValues } from './blank';
import { ENTRY_DRAFT_SCREEN } from '@shared/ipc/startup-reads';

/** The draft slot of this screen in the journal database. */
export const DRAFT_SCREEN = ENTRY_DRAFT_SCREEN;
const AUTOSAVE_MS = 400;

/** Saves the form as typed with the row it corrects (if any). */
export function saveDraft(profile: string, payload: EntryValues, corrects: number | null) {
  return calls.drafts.save({ screen: DRAFT_SCREEN, profile, payload, ...(corrects === null ? {} : { corrects }) });
}

/**
 * Saves what is typed as the screen's draft, shortly after each change and at once when the
 * screen closes. A form holding nothing beyond what a new entry starts with is never saved, so
 * a draft is never overwritten with nothing; `discard` drops the draft once the entry is safe.
 * The journal row the form corrects (`corrects`) is saved with it, so the link survives a restart.
 */
export function useDraftAutosave(
  form: UseFormReturn<EntryValues, unknown, EntryValues>,
  profile: string,
  baseline: RefObject<EntryValues>,
  corrects: number | null,
) {
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<EntryValues | null>(null);
  const link = useRef(corrects);

  // The row the form corrects is part of the draft: a new link (a rejection) is saved at once. A
  // link that ends goes with its draft (accepted: discarded; next entry: nothing typed yet).
  useEffect(() => {
    if (link.current === corrects) return;
    link.current = corrects;
    const typed = form.getValues();
    if (corrects !== null && !sameValues(typed, baseline.current)) void saveDraft(profile, typed, corrects);
  }, [form, profile, baseline, corrects]);

  useEffect(() => {
    const save = () => {
      window.clearTimeout(timer.current);
      if (pending.current) void saveDraft(profile, pending.current, link.current);
      pending.current = null;
    };
    const subscription = form.watch((values) => {
      window.clearTimeout(timer.current);
      const typed = { ...values } as EntryValues;
      pending.current = sameValues(typed, baseline.current) ? null : typed;
      if (pending.current) timer.current = window.setTimeout(save, AUTOSAVE_MS);
    });
    return () => {
      subscription.unsubscribe();
      save();
    };
  }, [form, profile, baseline]);

  const discard = useCallback(() => {
    window.clearTimeout(timer.current);
    pending.current = null;
    void calls.drafts.delete({ screen: DRAFT_SCREEN });
  }, []);

  return { discard };
}
