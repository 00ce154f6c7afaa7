import { useEffect, useRef, useState } from 'react';
import type { Profile } from '@shared/profile/schema';
import { useScreenDateOrder } from '../../preferences';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRead } from '../../journal-feed/use-live';
import { fromDraft, sameValues, type EntryValues } from './blank';
import { EntryForm } from './entry-form';
import { arrivedDraft, forgetArrivedDraft, loadDraft } from './draft-prefetch';
import { SessionStrip } from './session-strip';
import { saveDraft } from './use-draft-autosave';
import { prefillValues, prefillWaiting, takePrefill, type Prefill } from './prefill';
import type { ResponseOf } from '@shared/ipc/contract';

type Draft = ResponseOf<'drafts:get'>;

type Start = {
  values: EntryValues;
  restored: string | null;
  copiedFrom: Prefill | null;
  /** The row the restored draft corrects. */
  corrects: number | null;
};

/** Where a form restored from the autosaved draft starts (an empty draft is no restore). */
function savedStart(draft: Draft): Start {
  const restored = draft.payload && Object.values(draft.payload).some((v) => v !== '') ? draft.updatedAt : null;
  return { values: fromDraft(draft.payload), restored, copiedFrom: null, corrects: restored ? draft.corrects : null };
}

/**
 * New entry: restores the autosaved draft, or starts from a journal entry copied with "Open as new
 * entry" (asking first when that would replace a draft with content), then shows the form beside
 * this session's entries.
 */
export function NewEntryScreen({ profile }: { profile: Profile }) {
  const order = useScreenDateOrder();
  // The draft asked at load, when it is here and no journal entry waits to be copied: the first
  // render shows the form.
  const [initial, setInitial] = useState<Start | null>(() => {
    const draft = arrivedDraft();
    return draft?.ok && !prefillWaiting() ? savedStart(draft.data) : null;
  });
  const [question, setQuestion] = useState<{ draft: Start; copy: Start } | null>(null);
  const fromLoad = useRef(initial !== null);

  /** Starts from the copy, which becomes the draft, so leaving the screen does not bring the old draft back. */
  const startCopy = (copy: Start) => {
    const corrects = copy.copiedFrom?.profile === profile.name ? (copy.copiedFrom.corrects ?? null) : null;
    void saveDraft(profile.name, copy.values, corrects);
    setInitial(copy);
  };

  const draftRead = useRead(fromLoad.current ? null : loadDraft);
  const answered = draftRead.data !== null || draftRead.error !== null;
  const started = useRef(false);

  useEffect(() => {
    // Shown from the draft asked at load: the next visit reads it afresh.
    if (fromLoad.current) forgetArrivedDraft();
  }, []);

  useEffect(() => {
    if (!answered || started.current) return;
    started.current = true;
    const fromSaved = savedStart(draftRead.data ?? { payload: null, corrects: null, updatedAt: null });
    const prefill = takePrefill();
    if (!prefill) return setInitial(fromSaved);
    const copy: Start = {
      values: prefillValues(prefill, order),
      restored: null,
      copiedFrom: prefill,
      corrects: null,
    };
    if (fromSaved.restored && !sameValues(copy.values, fromSaved.values)) setQuestion({ draft: fromSaved, copy });
    else startCopy(copy);
    // Once, when the draft is read: the prefill is one shot, the date order as it is then.
  }, [answered]);

  if (question) {
    return (
      <ConfirmDialog
        title="Replace your unsent entry?"
        cancelLabel="Keep my entry"
        confirmLabel={`Replace it with journal #${question.copy.copiedFrom?.id ?? ''}`}
        danger
        onCancel={() => {
          setQuestion(null);
          setInitial(question.draft);
        }}
        onConfirm={() => {
          setQuestion(null);
          startCopy(question.copy);
        }}
      >
        <p>New entry holds a draft that has not been submitted. Opening the journal entry replaces it.</p>
      </ConfirmDialog>
    );
  }
  if (!initial) return <p>Loading…</p>;
  return (
    <div className="new-entry">
      <EntryForm
        profile={profile}
        initial={initial.values}
        restoredAt={initial.restored}
        copiedFrom={initial.copiedFrom}
        corrects={initial.corrects}
      />
      <SessionStrip />
    </div>
  );
}
