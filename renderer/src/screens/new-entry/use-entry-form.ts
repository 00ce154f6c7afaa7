import { useCallback, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import type { Profile } from '@shared/profile/schema';
import type { IpcError } from '@shared/ipc/result';
import { calls } from './actions';
import { useAskBeforeNew } from '../../forms/use-ask-before-new';
import { useJournalSubmit } from '../../forms/use-journal-submit';
import { KEPT_FIELDS, blankEntry, sameValues, type EntryValues } from './blank';
import { useDraftAutosave } from './use-draft-autosave';
import { followRow } from '../../journal-feed/journal-feed';
import { focusField } from './field-layout';
import { serviceFieldMessage } from '../../forms/result-words';
import { entryResolver, type RefusedFields } from './entry-resolver';
import type { Prefill } from './prefill';

/** What the result panel shows after a submit: a journal row (followed live), or why nothing was journaled. */
export type Outcome = { kind: 'row'; id: number } | { kind: 'error'; error: IpcError };

/** An earlier entry this one may repeat, with the reference and policy both share and, where known, who keyed it. */
export type Duplicate = NonNullable<IpcError['duplicate']> & { reference: string; policy: string; operator?: string };

/**
 * Form logic of the New entry screen: react-hook-form with the shared field checks (dates read in the
 * screen order, sent as YYYY-MM-DD), draft autosave, submit through the journal with duplicate
 * confirmation, service errors at fields, and starting the next entry without losing work.
 */
export function useEntryForm(
  profile: Profile,
  initial: EntryValues,
  restored: string | null,
  order: ScreenDateOrder,
  copied: Prefill | null = null,
  restoredCorrects: number | null = null,
) {
  /** The fields the service refused, with their messages, while they hold the values refused. */
  const refused = useRef<RefusedFields>(new Map());
  const resolver = useMemo(() => entryResolver(profile, order, refused.current), [profile, order]);
  const form = useForm<EntryValues, unknown, EntryValues>({
    defaultValues: initial,
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [restoredAt, setRestoredAt] = useState(restored);
  /** The journal entry this form was copied from ("Open as new entry"), until the next entry is started. */
  const [copiedFrom, setCopiedFrom] = useState(copied);
  /** What the form held when this entry was started: anything beyond it is work to keep. */
  const baseline = useRef(blankEntry());
  /** The row the next submit corrects: the copied or restored one, then each rejection of this form. */
  const [corrects, setCorrects] = useState(() => {
    if (!copied) return restoredCorrects;
    return copied.corrects !== undefined && copied.profile === profile.name ? copied.corrects : null;
  });
  const { discard: discardDraft } = useDraftAutosave(form, profile.name, baseline, corrects);

  /** The service's field messages last marked, so the submit's answer and the followed row mark them once. */
  const marked = useRef('');
  const showFields = useCallback(
    (messages: Record<string, string>) => {
      const names = ENTRY_FIELDS.filter((name) => messages[name] !== undefined);
      const key = JSON.stringify(names.map((name) => [name, messages[name]]));
      if (names.length === 0 || key === marked.current) return;
      marked.current = key;
      // Every field is marked before any takes the focus: focusing each in turn would leave the
      // one before it, and leaving a field checks it again, which clears the service's message.
      for (const name of names) {
        const message = serviceFieldMessage(name, messages[name]!);
        refused.current.set(name, { message, value: form.getValues(name) });
        form.setError(name, { type: 'service', message });
      }
      focusField(names[0]!);
    },
    [form],
  );
  const submission = useJournalSubmit({
    form,
    send: (values, confirmDuplicate) =>
      calls.entries.submit({
        profile: profile.name,
        input: values,
        confirmDuplicate,
        ...(corrects === null ? {} : { corrects }),
      }),
    showFields,
    refused: (error) => setOutcome({ kind: 'error', error }),
    journaled: (row) => {
      setCorrects(row.state === 'rejected' ? row.id : null);
      followRow(row);
      setOutcome({ kind: 'row', id: row.id });
      if (row.state !== 'rejected') discardDraft();
    },
  });
  const { reset } = submission;

  const start = useCallback(
    (keep: boolean) => {
      const values = blankEntry();
      if (keep) for (const field of KEPT_FIELDS) values[field] = form.getValues(field);
      baseline.current = values;
      reset();
      // Keeping the field references lets the caret move now, before the next key arrives.
      form.reset(values, { keepFieldsRef: true });
      setOutcome(null);
      setRestoredAt(null);
      setCopiedFrom(null);
      setCorrects(null);
      marked.current = '';
      refused.current.clear();
      focusField(keep ? 'reference' : 'account_code');
    },
    [form, reset],
  );

  /** Alt+N / Alt+K and their buttons: asks first when typed work would be lost. */
  const ask = useAskBeforeNew<EntryValues, boolean>({
    form,
    same: sameValues,
    baseline: () => baseline.current,
    journaled: submission.journaled,
    start,
    clear: (keep: boolean) => {
      discardDraft();
      start(keep);
    },
  });
  const { duplicate } = submission;
  const asked = useMemo(
    () => duplicate && { ...duplicate, reference: duplicate.values.reference, policy: duplicate.values.policy },
    [duplicate],
  );

  return {
    form,
    /** Marks the fields the service named (a rejection that arrives after the submit, on the office journal). */
    showFields,
    /** Sends the form: the service's earlier messages are forgotten, the fields checked afresh. */
    submit: (event?: BaseSyntheticEvent) => {
      refused.current.clear();
      return submission.submit(event);
    },
    busy: submission.busy,
    outcome,
    restoredAt,
    copiedFrom,
    /** The row the next submit corrects, if any. */
    correcting: corrects,
    duplicate: asked,
    confirmDuplicate: submission.confirmDuplicate,
    cancelDuplicate: submission.cancelDuplicate,
    ...ask,
  };
}
