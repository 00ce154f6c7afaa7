import { useState, type RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** What useAskBeforeNew needs to know whether typed work would be lost, and how to start afresh. */
export interface AskBeforeNewOptions<V extends FieldValues, C> {
  form: UseFormReturn<V, unknown, V>;
  /** Whether two forms hold the same values. */
  same(a: V, b: V): boolean;
  /** What the form held when this one was started. */
  baseline(): V;
  /** The form as the journal last took it (useJournalSubmit's), safe to clear. */
  journaled: RefObject<V | null>;
  /** Starts the next one (the choice: e.g. keep the batch fields). */
  start(choice: C): void;
  /** Starts the next one once the person chose to lose their work; `start` unless given. */
  clear?(choice: C): void;
}

/**
 * Starting a new form without losing work: at once when the form holds nothing beyond what it
 * started with or what the journal took, else after asking (`confirmNew` while the question is open).
 */
export function useAskBeforeNew<V extends FieldValues, C>(options: AskBeforeNewOptions<V, C>) {
  const [asking, setAsking] = useState<{ choice: C } | null>(null);
  const { form, same, baseline, journaled, start, clear = start } = options;

  return {
    requestNew: (choice: C) => {
      const values = form.getValues();
      const safe = same(values, baseline()) || (journaled.current !== null && same(values, journaled.current));
      if (safe) start(choice);
      else setAsking({ choice });
    },
    confirmNew: asking !== null,
    clearConfirmed: () => {
      setAsking(null);
      if (asking) clear(asking.choice);
    },
    keepTyping: () => setAsking(null),
  };
}
