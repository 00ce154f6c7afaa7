import { useCallback, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { SubmissionView } from '@shared/ipc/contract';
import type { IpcError, Result } from '@shared/ipc/result';

/** An earlier submission this one may repeat, as the service named it. */
export type EarlierSubmission = NonNullable<IpcError['duplicate']>;

/** What a screen tells useJournalSubmit: how it sends, and what it does with each kind of answer. */
export interface JournalSubmitOptions<V extends FieldValues> {
  form: UseFormReturn<V, unknown, V>;
  /** Sends values the schema passed through the journal; `confirmDuplicate` after "Submit anyway". */
  send(values: V, confirmDuplicate: boolean): Promise<Result<SubmissionView>>;
  /** Shows the service's messages at the form's fields. */
  showFields(messages: Record<string, string>): void;
  /** Nothing was journaled (and it was not a duplicate question): why. */
  refused(error: IpcError): void;
  /** The journal took the submission: its row as the submit answered. */
  journaled(row: SubmissionView): void;
}

/**
 * Submitting a form through the journal, as New entry and Cancellation do: one submit at a time;
 * a duplicate asks first and "Submit anyway" sends the values the schema last passed; the
 * service's field messages at their fields; and the form as it was when the journal took it
 * (not a rejection), which is safe to clear.
 */
export function useJournalSubmit<V extends FieldValues>(options: JournalSubmitOptions<V>) {
  const { form } = options;
  const [busy, setBusy] = useState(false);
  const [duplicate, setDuplicate] = useState<(EarlierSubmission & { values: V }) | null>(null);
  const sending = useRef(false);
  /** The values the schema last passed (normalised, dates as YYYY-MM-DD), for "Submit anyway". */
  const validated = useRef<V | null>(null);
  /** The form as last taken into the journal (not refused, not rejected): safe to clear. */
  const journaled = useRef<V | null>(null);

  const reset = useCallback(() => {
    journaled.current = null;
    validated.current = null;
  }, []);

  const send = async (values: V, confirmDuplicate: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const typed = form.getValues();
    const result = await options.send(values, confirmDuplicate);
    sending.current = false;
    setBusy(false);
    if (!result.ok) {
      const earlier = result.error.duplicate;
      if (result.error.code === 'duplicate' && earlier) return setDuplicate({ ...earlier, values });
      options.refused(result.error);
      return options.showFields(result.error.fields ?? {});
    }
    options.journaled(result.data);
    options.showFields(result.data.errorFields ?? {});
    if (result.data.state !== 'rejected') journaled.current = typed;
  };

  return {
    submit: form.handleSubmit((values) => {
      validated.current = values;
      return send(values, false);
    }),
    busy,
    /** The earlier submission this one may repeat, and the values sent, while the question is open. */
    duplicate,
    journaled,
    confirmDuplicate: () => {
      setDuplicate(null);
      if (validated.current) void send(validated.current, true);
    },
    cancelDuplicate: () => setDuplicate(null),
    /** Forgets the submitted forms, for the next one. */
    reset,
  };
}
