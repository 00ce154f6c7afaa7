import { memo, Profiler, useEffect, useRef, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { isTooLongMessage, tooLongMessage } from '@shared/entry/messages';
import { logRender } from '../render-log';

/** A form's values: the text typed in each field. */
type Values = Record<string, string>;

/** What a field of a form is: how it is labelled, typed into, described and normalised. */
export interface FieldSpec {
  name: string;
  /** Its input's id, stable for labels, error links and tests. */
  id: string;
  label: string;
  required: boolean;
  /** Its kind, as a class (`field-<kind>`); "money" puts a £ before the input. */
  kind: string;
  /** One line, several lines (`rows` of them) or a choice of `options`. */
  control: 'input' | 'textarea' | 'select';
  rows?: number;
  options?: readonly string[];
  inputMode?: 'decimal' | 'numeric' | 'email' | 'tel';
  /** Whether a spelling check helps (free prose); never for codes and names. */
  spellCheck?: boolean;
  /** More classes, for its place in the form's grid. */
  className: string;
  /** The hint under the field while it shows no error, and its class. */
  hint?: string;
  hintClass?: string;
  /** Text over this many characters is flagged at once, kept whole, never cut. */
  flagOver?: number;
  /** The value as shown once the field is left (money, postcode, dates rewritten); the value itself when left alone. */
  normalise?(value: string): string;
}

/**
 * The error a field shows: all of them once the person has tried to submit; before that, not
 * "required" (an empty field merely tabbed past), but a malformed value as soon as it is left.
 */
export function shownError(message: string | undefined, value: string, submitCount: number): string | undefined {
  return submitCount === 0 && value.trim() === '' ? undefined : message;
}

/**
 * One labelled input of a form, New entry's or Cancellation's. It subscribes to its own field's
 * state only, so typing in one field re-renders that field alone (the spec must be kept the same
 * object between renders). Its error, or else its hint, shows under it.
 */
export const FormField = memo(function FormField<V extends Values>({
  spec,
  form: typed,
}: {
  spec: FieldSpec;
  form: UseFormReturn<V, unknown, V>;
}) {
  const form = typed as unknown as UseFormReturn<Values, unknown, Values>;
  const { name, id, kind, required, hint, flagOver, normalise } = spec;
  const { errors, submitCount } = useFormState({ control: form.control, name });
  const error = shownError(errors[name]?.message, form.getValues(name) ?? '', submitCount);
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A message appearing under the field being typed in comes into view with it (WCAG 2.4.11).
    if (error && box.current?.contains(document.activeElement)) box.current.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    if (flagOver === undefined) return;
    const length = [...event.target.value].length;
    const current = form.getFieldState(name).error?.message;
    if (length > flagOver) form.setError(name, { type: 'too-long', message: tooLongMessage(flagOver, length) });
    else if (isTooLongMessage(current)) form.clearErrors(name);
  };
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const shown = normalise?.(event.target.value) ?? event.target.value;
    if (shown !== event.target.value) form.setValue(name, shown, { shouldValidate: true });
  };
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': messageId,
    'aria-required': required || undefined,
    ...form.register(name, { onChange, onBlur }),
  };

  return (
    <Profiler id={`field:${name}`} onRender={logRender}>
      <div ref={box} className={`field ${spec.className} field-${kind}${error ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {spec.label}
          {required && (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {spec.control === 'select' ? (
          <select {...common}>
            <option value="">{required ? 'Choose…' : '(none)'}</option>
            {spec.options?.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : spec.control === 'textarea' ? (
          <textarea rows={spec.rows} spellCheck={spec.spellCheck} {...common} />
        ) : (
          <div className={kind === 'money' ? 'control money' : 'control'}>
            {kind === 'money' && (
              <span className="prefix" aria-hidden="true">
                £
              </span>
            )}
            <input type="text" inputMode={spec.inputMode} autoComplete="off" spellCheck={false} {...common} />
          </div>
        )}
        <div className="field-message">
          {error ? (
            <p className="field-error" id={`${id}-error`}>
              {error}
            </p>
          ) : (
            hint && (
              <p className={spec.hintClass ?? 'hint'} id={`${id}-hint`}>
                {hint}
              </p>
            )
          )}
        </div>
      </div>
    </Profiler>
  );
}) as <V extends Values>(props: { spec: FieldSpec; form: UseFormReturn<V, unknown, V> }) => ReactNode;
