import { useCallback, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ScreenDateOrder } from '../../../../shared/entry/screen-date';
import type { IpcError } from '../../../../shared/ipc/result';
import type { Profile } from '../../../../shared/profile/schema';
import { api } from '../../api';
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
import { useFollowedRow } from './use-followed-row';

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
  const { row, follow, forget } = useFollowedRow();
  const [error, setError] = useState<IpcError | null>(null);
  const [duplicate, setDuplicate] = useState<CancellationDuplicate | null>(null);
  const [original, setOriginal] = useState<OriginalEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmNew, setConfirmNew] = useState(false);
  /** Counts the cancellations started on this screen: a new one starts with a fresh search. */
  const [round, setRound] = useState(0);
  const sending = useRef(false);
  /** The values the schema last passed (dates as YYYY-MM-DD), for "Submit anyway". */
  const validated = useRef<CancellationValues | null>(null);
  /** The form as last taken into the journal: safe to clear. */
  const journaled = useRef<CancellationValues | null>(null);

  const showMessages = useCallback(
    (messages: Record<string, string>) =>
      messagesByField(fields, messages).forEach(([name, message], i) =>
        form.setError(name, { type: 'service', message }, { shouldFocus: i === 0 }),
      ),
    [fields, form],
  );

  const send = useCallback(
    async (values: CancellationValues, confirmDuplicate: boolean) => {
      if (sending.current) return;
      sending.current = true;
      setBusy(true);
      const typed = form.getValues();
      const result = await api.cancellations.submit({ profile: profile.name, input: values, confirmDuplicate });
      sending.current = false;
      setBusy(false);
      if (!result.ok) {
        const earlier = result.error.duplicate;
        if (result.error.code === 'duplicate' && earlier) return setDuplicate(earlier);
        forget();
        setError(result.error);
        return showMessages(result.error.fields ?? {});
      }
      setError(null);
      follow(result.data);
      showMessages(result.data.errorFields ?? {});
      if (result.data.state !== 'rejected') journaled.current = typed;
    },
    [form, profile.name, follow, forget, showMessages],
  );

  const submit = form.handleSubmit((values) => {
    validated.current = values;
    return send(values, false);
  });

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
    journaled.current = null;
    validated.current = null;
    forget();
    setError(null);
    setOriginal(null);
    setRound((r) => r + 1);
    navigate('cancellation', '', { replace: true });
  }, [fields, form, forget, order]);

  /** "New cancellation" (Alt+C): asks first when typed work would be lost. */
  const requestNew = useCallback(() => {
    const values = form.getValues();
    const safe =
      sameValues(values, blankValues(fields, order), fields) ||
      (journaled.current !== null && sameValues(values, journaled.current, fields));
    if (safe) start();
    else setConfirmNew(true);
  }, [fields, form, start, order]);

  return {
    fields,
    form,
    round,
    submit,
    busy,
    row,
    error,
    original,
    prefill,
    duplicate,
    confirmDuplicate: () => {
      setDuplicate(null);
      if (validated.current) void send(validated.current, true);
    },
    cancelDuplicate: () => setDuplicate(null),
    requestNew,
    confirmNew,
    clearConfirmed: () => {
      setConfirmNew(false);
      start();
    },
    keepTyping: () => setConfirmNew(false),
  };
}
