import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { buildEntrySchema } from '../../../../shared/entry/schema';
import { isEntryField } from '../../../../shared/entry/fields';
import type { Profile } from '../../../../shared/profile/schema';
import type { IpcError } from '../../../../shared/ipc/result';
import type { SubmissionView } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import { KEPT_FIELDS, blankEntry, type EntryValues } from './blank';

/** The draft slot of this screen in the journal database. */
export const DRAFT_SCREEN = 'new-entry';
const AUTOSAVE_MS = 400;

/** What the result panel shows after a submit. */
export type Outcome = { kind: 'row'; row: SubmissionView } | { kind: 'error'; error: IpcError };

/**
 * Form logic of the New entry screen: react-hook-form with the shared schema for the profile,
 * draft autosave, submit through the journal, duplicate confirmation, service errors at fields.
 */
export function useEntryForm(profile: Profile, initial: EntryValues) {
  // The shared schema accepts unknown input (files, CLI); the form always holds text.
  const resolver = useMemo(
    () => zodResolver(buildEntrySchema(profile)) as unknown as Resolver<EntryValues, unknown, EntryValues>,
    [profile],
  );
  const form = useForm<EntryValues, unknown, EntryValues>({
    defaultValues: initial,
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [duplicate, setDuplicate] = useState<IpcError['duplicate'] | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const subscription = form.watch((values) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        void api.drafts.save({
          screen: DRAFT_SCREEN,
          profile: profile.name,
          payload: values as Record<string, string>,
        });
      }, AUTOSAVE_MS);
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(timer.current);
    };
  }, [form, profile.name]);

  const send = useCallback(
    async (values: EntryValues, confirmDuplicate: boolean) => {
      setBusy(true);
      setDuplicate(null);
      const result = await api.entries.submit({ profile: profile.name, input: values, confirmDuplicate });
      setBusy(false);
      if (!result.ok) {
        if (result.error.code === 'duplicate') return setDuplicate(result.error.duplicate ?? null);
        for (const [name, message] of Object.entries(result.error.fields ?? {})) {
          if (isEntryField(name)) form.setError(name, { type: 'service', message }, { shouldFocus: true });
        }
        return setOutcome({ kind: 'error', error: result.error });
      }
      const row = result.data;
      setOutcome({ kind: 'row', row });
      for (const [name, message] of Object.entries(row.errorFields ?? {})) {
        if (isEntryField(name)) form.setError(name, { type: 'service', message }, { shouldFocus: true });
      }
      if (row.state === 'accepted') {
        window.clearTimeout(timer.current);
        await api.drafts.delete({ screen: DRAFT_SCREEN });
      }
    },
    [form, profile.name],
  );

  const submit = form.handleSubmit((values) => send(values, false));
  const confirmDuplicate = () => void send(form.getValues(), true);

  const startNew = useCallback(
    (keep: boolean) => {
      const values = blankEntry();
      if (keep) for (const field of KEPT_FIELDS) values[field] = form.getValues(field);
      form.reset(values);
      setOutcome(null);
      setDuplicate(null);
      void api.drafts.save({ screen: DRAFT_SCREEN, profile: profile.name, payload: values });
      form.setFocus(keep ? 'reference' : 'account_code');
    },
    [form, profile.name],
  );

  return {
    form,
    submit,
    busy,
    outcome,
    duplicate,
    confirmDuplicate,
    cancelDuplicate: () => setDuplicate(null),
    startNew,
  };
}
