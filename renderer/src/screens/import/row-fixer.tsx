import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FIELD_LABELS, fieldKind, type EntryField } from '@shared/entry/fields';
import { checkField, ruleFor, type EntryRules } from '@shared/entry/schema';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { ImportCheckView } from '@shared/ipc/contract';
import { hasLineBreak, showInvisible } from '@shared/import/repairs';
import { ShownValue } from './shown-value';
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
  /** Fields whose value has several lines: edited in a multi-line editor, so no line break is lost. */
  const multiline = new Set(fields.filter((f) => hasLineBreak(problem.input[f])));

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
              <FieldEditor
                id={id}
                value={values[field] ?? ''}
                multiline={multiline.has(field)}
                error={error}
                required={required}
                onChange={(value) => {
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

interface FieldEditorProps {
  id: string;
  value: string;
  multiline: boolean;
  error: string | undefined;
  required: boolean;
  onChange(value: string): void;
}

/**
 * One field's editor. A value with line breaks gets a multi-line editor (a one-line input would
 * drop them); a value with invisible characters is shown with them marked below. What is saved is
 * the value as held until the person types in it.
 */
function FieldEditor({ id, value, multiline, error, required, onChange }: FieldEditorProps) {
  const marked = showInvisible(value).some((p) => p.invisible);
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': [error && `${id}-error`, marked && `${id}-shown`].filter(Boolean).join(' ') || undefined,
  };
  return (
    <>
      {multiline ? (
        <textarea
          {...common}
          rows={Math.min(6, value.split(/\r\n|\r|\n/).length)}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {marked && (
        <p id={`${id}-shown`} className="hint shown-value" data-testid={`${id}-shown`}>
          Holds: <ShownValue value={value} />
        </p>
      )}
    </>
  );
}
