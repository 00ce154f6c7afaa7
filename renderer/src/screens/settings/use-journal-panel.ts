import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { JournalSettings } from '@shared/journal/office';
import { calls } from './actions';
import type { JournalLocationView } from '../../use-journal-location';
import {
  journalFormSchema,
  passwordStoredFor,
  plainWords,
  toFormValues,
  toOffice,
  type JournalFormOutput,
  type JournalFormValues,
} from './journal-form';

/** What the last test or save said. */
export interface JournalPanelStatus {
  ok: boolean;
  text: string;
}

const resolver = zodResolver(journalFormSchema, { error: plainWords }) as unknown as Resolver<
  JournalFormValues,
  unknown,
  JournalFormOutput
>;

/** The typed password, only when one was typed (otherwise main uses the stored one). */
const typedPassword = (values: JournalFormOutput) =>
  values.kind === 'office' && values.password ? { password: values.password } : {};

/**
 * The journal card's logic: the choice checked by the shared office schema (errors at the
 * fields), "Test the journal connection" with the typed values, and "Save" (applies after a restart). The
 * password field is write-only: it starts empty and is cleared once saved.
 */
export function useJournalPanel(location: JournalLocationView, reload: () => Promise<void>) {
  const form = useForm<JournalFormValues, unknown, JournalFormOutput>({
    defaultValues: toFormValues(location.saved),
    resolver,
    mode: 'onTouched',
  });
  const [status, setStatus] = useState<JournalPanelStatus | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | 'setup' | null>(null);
  const [kind, tls, host, port, database, user, caFile] = useWatch({
    control: form.control,
    name: ['kind', 'office.tls', 'office.host', 'office.port', 'office.database', 'office.user', 'office.caFile'],
  });

  const test = form.handleSubmit(async (values) => {
    if (values.kind !== 'office' || busy) return;
    setBusy('test');
    setStatus(null);
    const result = await calls.journal.testOffice({ office: toOffice(values.office), ...typedPassword(values) });
    setBusy(null);
    setStatus(
      result.ok
        ? { ok: true, text: result.data.message }
        : { ok: false, text: `Connection failed: ${result.error.message}` },
    );
  });

  /** Sets up or upgrades the office journal as its owner: the typed user must own the database. */
  const setup = form.handleSubmit(async (values) => {
    if (values.kind !== 'office' || busy) return;
    if (!values.password) {
      form.setError('password', { message: 'Type the owner’s password to set up the office journal' });
      return;
    }
    setBusy('setup');
    setStatus(null);
    const result = await calls.office.setup({ office: toOffice(values.office), password: values.password });
    setBusy(null);
    setStatus(
      result.ok ? { ok: true, text: result.data.message } : { ok: false, text: `Not set up: ${result.error.message}` },
    );
  });

  const save = form.handleSubmit(async (values) => {
    if (busy) return;
    setBusy('save');
    setStatus(null);
    const settings: JournalSettings =
      values.kind === 'office' ? { kind: 'office', office: toOffice(values.office) } : { kind: 'local' };
    const result = await calls.journal.configure({ settings, ...typedPassword(values) });
    setBusy(null);
    if (!result.ok) return setStatus({ ok: false, text: `Not saved: ${result.error.message}` });
    form.resetField('password');
    setStatus({
      ok: true,
      text: result.data.restartNeeded
        ? 'Saved. Feed Desk uses the new journal after a restart.'
        : 'Saved. This is the journal in use now.',
    });
    await reload();
  });

  /** The office CA certificate, picked in the native open dialog (cancelling keeps the one there). */
  const chooseCaFile = async () => {
    const result = await calls.journal.chooseCaFile({});
    if (result.ok && result.data.path) {
      form.setValue('office.caFile', result.data.path, { shouldDirty: true, shouldValidate: true });
    }
  };
  const clearCaFile = () => form.setValue('office.caFile', '', { shouldDirty: true, shouldValidate: true });

  const passwordStored = passwordStoredFor(location.saved, location.hasPassword, {
    host,
    port,
    database,
    user,
    tls,
    caFile,
  });
  return { form, kind, tls, caFile, passwordStored, busy, status, test, setup, save, chooseCaFile, clearCaFile };
}
