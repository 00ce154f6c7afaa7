import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ProfileView } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import { formFieldFor, toFormValues, toProfileInput, type ProfileFormValues } from './profile-form';

/** Settings form logic: save (create, edit, rename) with the main process's validation shown at fields. */
export function useProfileEditor(view: ProfileView | undefined, onSaved: (name: string) => Promise<void>) {
  const form = useForm<ProfileFormValues>({ defaultValues: toFormValues(view?.profile), mode: 'onBlur' });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const save = form.handleSubmit(async (values) => {
    setStatus(null);
    const profile = toProfileInput(values, view?.profile);
    const result = await api.profiles.save({ profile, ...(view ? { previousName: view.profile.name } : {}) });
    if (!result.ok) {
      for (const [path, message] of Object.entries(result.error.fields ?? {})) {
        const field = formFieldFor(path.split('.')[0] ?? path);
        if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
      }
      setStatus({ ok: false, text: result.error.message });
      return;
    }
    await onSaved(result.data.profile.name);
  });

  return { form, save, status };
}
