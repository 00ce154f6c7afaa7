import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FIELD_LABELS, fieldKind, type EntryField } from '../../../../shared/entry/fields';
import { checkField, ruleFor, type EntryRules } from '../../../../shared/entry/schema';
import type { ScreenDateOrder } from '../../../../shared/entry/screen-date';
import type { ImportCheckView } from '../../../../shared/ipc/contract';
import type { RowInput } from './use-import-check';

type Problem = ImportCheckView['problems'][number];

interface RowFixerProps {
  problem: Problem;
  /** The fields shown, in the file's column order: every mapped field and any the row's errors name. */
  fields: readonly EntryField[];
  rules: EntryRules;
  dateOrder: ScreenDateOrder;
  busy: boolean;
  onSave(input: RowInput): void;
  onCancel(): void;
}

const inputId = (row: number, field: string) => `fix-${row}-${field}`;

/**
 * An invalid row corrected in place: each of its fields, the errors at their fields (the check's,
 * and instant feedback from the shared field check while typing). Save checks the file again with
 * the corrected row; the check's answer is what counts. Escape cancels.
 */
export function RowFixer({ problem, fields, rules, dateOrder, busy, onSave, onCancel }: RowFixerProps) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f, problem.input[f] ?? ''])),
  );
  /** Fields typed in since the last check: their errors come from the instant check, the rest from main's. */
  const [typed, setTyped] = useState<ReadonlySet<string>>(new Set());
  const form = useRef<HTMLFormElement | null>(null);

  // A new answer for this row (still invalid): its errors replace the instant ones; focus the first.
  useEffect(() => {
    setTyped(new Set());
    const first = fields.find((f) => problem.fields[f]);
    const target = first ? form.current?.querySelector<HTMLElement>(`#${inputId(problem.row, first)}`) : null;
    (target ?? form.current?.querySelector<HTMLElement>('input'))?.focus();
    // Runs for each answer (a new problem object) only, not when the parent renders again.
  }, [problem]);

  const errorOf = (field: EntryField): string | undefined => {
    if (!typed.has(field)) return problem.fields[field];
    const checked = checkField(field, values[field] ?? '', rules, { dateOrder });
    return checked.ok ? undefined : checked.message;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  const whole = problem.fields._;

  return (
    <form
      ref={form}
      className="row-fixer"
      aria-labelledby={`fix-${problem.row}-title`}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSave(Object.fromEntries(fields.map((f) => [f, values[f] ?? ''])));
      }}
    >
      <h3 id={`fix-${problem.row}-title`}>Fix row {problem.row}</h3>
      {whole && <p className="field-error">Whole row: {whole}</p>}
      <div className="fixer-fields">
        {fields.map((field) => {
          const error = errorOf(field);
          const id = inputId(problem.row, field);
          const required = ruleFor(field, rules).required;
          return (
            <div key={field} className={`fixer-field${fieldKind(field) === 'longtext' ? ' wide' : ''}`}>
              <label htmlFor={id}>
                {FIELD_LABELS[field]}
                {required && (
                  <span className="required" aria-hidden="true">
                    {' '}
                    *
                  </span>
                )}
              </label>
              <input
                id={id}
                value={values[field] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-required={required || undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((before) => ({ ...before, [field]: value }));
                  setTyped((before) => new Set(before).add(field));
                }}
              />
              {error && (
                <p id={`${id}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Checking…' : 'Save and check again'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <span className="hint">Enter saves, Esc cancels. Dates as {dateOrder} or YYYY-MM-DD.</span>
      </div>
    </form>
  );
}
