import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ProfileView } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import { FORM_FIELD_LABELS, formFieldFor, toFormValues, toProfileInput, type ProfileFormValues } from './profile-form';

/** A field the main process refused, named as the form labels it. */
export interface RefusedField {
  field: keyof ProfileFormValues;
  label: string;
  message: string;
}

/** What the last save said: done, or refused with the fields to correct. */
export type SaveStatus = { ok: true; text: string } | { ok: false; text: string; fields: RefusedField[] };

/** Settings form logic: save (create, edit, rename) with the main process's validation shown at fields. */
export function useProfileEditor(view: ProfileView | undefined, onSaved: (name: string) => Promise<void>) {
  const form = useForm<ProfileFormValues>({ defaultValues: toFormValues(view?.profile), mode: 'onBlur' });
  const [status, setStatus] = useState<SaveStatus | null>(null);

  const save = form.handleSubmit(async (values) => {
    setStatus(null);
    const profile = toProfileInput(values, view?.profile);
    const result = await api.profiles.save({ profile, ...(view ? { previousName: view.profile.name } : {}) });
    if (!result.ok) {
      const fields: RefusedField[] = [];
      for (const [path, message] of Object.entries(result.error.fields ?? {})) {
        const field = formFieldFor(path.split('.')[0] ?? path);
        if (!field || fields.some((f) => f.field === field)) continue;
        fields.push({ field, label: FORM_FIELD_LABELS[field], message });
        form.setError(field, { type: 'server', message }, { shouldFocus: fields.length === 1 });
      }
      const text = fields.length ? 'The profile was not saved. Correct these fields:' : result.error.message;
      setStatus({ ok: false, text, fields });
      return;
    }
    await onSaved(result.data.profile.name);
  });

  return { form, save, status };
}
