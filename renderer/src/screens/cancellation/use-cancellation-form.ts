import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { IpcError } from '@shared/ipc/result';
import type { Profile } from '@shared/profile/schema';
import { calls } from './actions';
import { useAskBeforeNew } from '../../forms/use-ask-before-new';
import { useJournalSubmit } from '../../forms/use-journal-submit';
import { followRow, useJournalRow } from '../../journal-feed/journal-feed';
import { navigate } from '../../use-hash-route';
import { cancellationResolver } from './cancellation-resolver';
import {
  blankValues,
  focusCancelField,
  formFields,
  messagesByField,
  sameValues,
  type CancellationValues,
} from './form-fields';
import { prefillValues, type OriginalEntry } from './original-entry';

/** An earlier cancellation of the same recordid that this one may repeat. */
export type CancellationDuplicate = NonNullable<IpcError['duplicate']>;

/**
 * Form logic of the Cancellation screen: react-hook-form on the profile's run-time schema (dates
 * typed in the screen order), prefilled from the original entry, submitted through the journal
 * with the duplicate question, service errors at their fields, the row followed live.
 */
export function useCancellationForm(profile: Profile, order: ScreenDateOrder) {
  const fields = useMemo(() => formFields(profile), [profile]);
  const resolver = useMemo(() => cancellationResolver(profile, order), [profile, order]);
  const form = useForm<CancellationValues, unknown, CancellationValues>({
    defaultValues: blankValues(fields, order),
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  /** The journal row this screen last submitted, followed in its latest state. */
  const [followed, setFollowed] = useState<number | null>(null);
  const row = useJournalRow(followed) ?? null;
  const [error, setError] = useState<IpcError | null>(null);
  const [original, setOriginal] = useState<OriginalEntry | null>(null);
  /** Counts the cancellations started on this screen: a new one starts with a fresh search. */
  const [round, setRound] = useState(0);

  const submission = useJournalSubmit({
    form,
    send: (values, confirmDuplicate) =>
      calls.cancellations.submit({ profile: profile.name, input: values, confirmDuplicate }),
    showFields: (messages) =>
      messagesByField(fields, messages).forEach(([name, message], i) =>
        form.setError(name, { type: 'service', message }, { shouldFocus: i === 0 }),
      ),
    refused: (refusal) => {
      setFollowed(null);
      setError(refusal);
    },
    journaled: (answer) => {
      setError(null);
      setFollowed(followRow(answer).id);
    },
  });
  const { reset } = submission;

  /** Fills the form from the entry picked (its recordid and the fields the entry holds), keeping the rest. */
  const prefill = useCallback(
    (entry: OriginalEntry) => {
      const values = prefillValues(entry, fields, order);
      for (const [name, value] of Object.entries(values)) form.setValue(name, value, { shouldDirty: true });
      form.clearErrors(Object.keys(values));
      setOriginal(entry);
      const next = fields.find((f) => f.required && !form.getValues(f.name)) ?? fields.find((f) => !values[f.name]);
      if (next) focusCancelField(next.name);
    },
    [fields, form, order],
  );

  const start = useCallback(() => {
    form.reset(blankValues(fields, order));
    reset();
    setFollowed(null);
    setError(null);
    setOriginal(null);
    setRound((r) => r + 1);
    navigate('cancellation', '', { replace: true });
  }, [fields, form, reset, order]);

  /** "New cancellation" (Alt+C): asks first when typed work would be lost. */
  const ask = useAskBeforeNew<CancellationValues, void>({
    form,
    same: (a, b) => sameValues(a, b, fields),
    baseline: () => blankValues(fields, order),
    journaled: submission.journaled,
    start,
  });

  return {
    fields,
    form,
    round,
    submit: submission.submit,
    busy: submission.busy,
    row,
    error,
    original,
    prefill,
    duplicate: submission.duplicate,
    confirmDuplicate: submission.confirmDuplicate,
    cancelDuplicate: submission.cancelDuplicate,
    ...ask,
    requestNew: () => ask.requestNew(),
  };
}
