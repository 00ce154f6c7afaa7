import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/** What the person typed in an action's question: the recordid (Mark accepted only) and a note. */
export interface ActionValues {
  recordid: string;
  note: string;
}

/** The choice as the journal takes it: the recordid as a number, the note only when there is one. */
export interface ActionChoice {
  recordid?: number;
  note?: string;
}

const NOTE_MAX = 1000;
const note = z.string().trim().max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters`);
const recordid = z
  .string()
  .trim()
  .min(1, 'Enter the recordid the service gave')
  .regex(/^\d+$/, 'Enter the recordid as a whole number, such as 100234')
  .refine((v) => Number(v) >= 1 && Number.isSafeInteger(Number(v)), 'Enter a recordid of 1 or more');

/**
 * The form of an action's question: react-hook-form with a zod schema, checked as fields are left
 * and then as they change, so a wrong recordid is flagged before the question is answered.
 */
export function useActionForm(needsRecordid: boolean, onConfirm: (choice: ActionChoice) => void) {
  const resolver = useMemo(
    () =>
      zodResolver(z.object({ recordid: needsRecordid ? recordid : z.string(), note })) as unknown as Resolver<
        ActionValues,
        unknown,
        ActionValues
      >,
    [needsRecordid],
  );
  const form = useForm<ActionValues, unknown, ActionValues>({
    defaultValues: { recordid: '', note: '' },
    resolver,
    mode: 'onTouched',
  });
  const submit = form.handleSubmit((values) => {
    const text = values.note.trim();
    onConfirm({
      ...(needsRecordid ? { recordid: Number(values.recordid.trim()) } : {}),
      ...(text ? { note: text } : {}),
    });
  });
  return { form, submit };
}
