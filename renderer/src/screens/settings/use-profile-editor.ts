import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { ProfileView } from '@shared/ipc/contract';
import { calls } from './actions';
import { FORM_FIELD_LABELS, formFieldFor, toFormValues, toProfileInput, type ProfileFormValues } from './profile-form';
import { cancellationErrorPath, profileResolver } from './cancellation-validation';

/** A field the main process refused, named as the form labels it. */
export interface RefusedField {
  field: keyof ProfileFormValues;
  /** Where the message is shown: the field, or a cell of it (`cancellationFields.2.wire`). */
  at: FieldPath<ProfileFormValues>;
  label: string;
  message: string;
}

/** What the last save said: done, or refused with the fields to correct. */
export type SaveStatus = { ok: true; text: string } | { ok: false; text: string; fields: RefusedField[] };

/** Settings form logic: save (create, edit, rename) with the main process's validation shown at fields. */
export function useProfileEditor(view: ProfileView | undefined, onSaved: (name: string) => Promise<void>) {
  const form = useForm<ProfileFormValues>({
    defaultValues: toFormValues(view?.profile),
    resolver: profileResolver,
    mode: 'onBlur',
  });
  const [status, setStatus] = useState<SaveStatus | null>(null);

  const save = form.handleSubmit(
    async (values) => {
      setStatus(null);
      const profile = toProfileInput(values);
      const result = await calls.profiles.save({ profile, ...(view ? { previousName: view.profile.name } : {}) });
      if (!result.ok) {
        const fields: RefusedField[] = [];
        for (const [path, message] of Object.entries(result.error.fields ?? {})) {
          // A cancellation problem goes to its cell (`cancellation.fields.2.wire`), the rest to their field.
          const segments = path.split('.');
          const at =
            segments[0] === 'cancellation'
              ? cancellationErrorPath(segments, values.cancellationFields)
              : formFieldFor(segments[0] ?? path);
          const field = at?.split('.')[0] as keyof ProfileFormValues | undefined;
          if (!at || !field || fields.some((f) => f.field === field)) continue;
          fields.push({ field, at, label: FORM_FIELD_LABELS[field], message });
          form.setError(at, { type: 'server', message }, { shouldFocus: fields.length === 1 });
        }
        const text = fields.length ? 'The profile was not saved. Correct these fields:' : result.error.message;
        setStatus({ ok: false, text, fields });
        return;
      }
      // The editor stays open on the saved profile: the result shows beside Save, where focus is.
      form.reset(values);
      setStatus({ ok: true, text: `Saved profile ${result.data.profile.name}.` });
      await onSaved(result.data.profile.name);
    },
    () => setStatus(null),
  );

  /** Puts focus where a refused field's message is shown. */
  const focusRefused = (field: keyof ProfileFormValues) =>
    form.setFocus((status?.ok === false && status.fields.find((f) => f.field === field)?.at) || field);

  return { form, save, status, focusRefused };
}
