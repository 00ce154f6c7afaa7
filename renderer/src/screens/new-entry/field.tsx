import { memo, Profiler, type ChangeEvent, type FocusEvent } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { logRender } from '../../render-log';
import { FIELD_LABELS, fieldKind, type EntryField, type FieldKind } from '../../../../shared/entry/fields';
import { checkField, ruleFor } from '../../../../shared/entry/check';
import { isTooLongMessage, tooLongMessage } from '../../../../shared/entry/messages';
import { formatScreenDate, type ScreenDateOrder } from '../../../../shared/entry/screen-date';
import type { Profile } from '../../../../shared/profile/schema';
import type { EntryValues } from './blank';
import { FIELD_SPAN, fieldId } from './field-layout';

interface FieldProps {
  name: EntryField;
  profile: Profile;
  form: UseFormReturn<EntryValues, unknown, EntryValues>;
  dateOrder: ScreenDateOrder;
}

const INPUT_MODE: Partial<Record<FieldKind, 'decimal' | 'numeric' | 'email' | 'tel'>> = {
  money: 'decimal',
  integer: 'numeric',
  email: 'email',
  telephone: 'tel',
};

/**
 * The error a field shows: all of them once the person has tried to submit; before that, not
 * "required" (an empty field merely tabbed past), but a malformed value as soon as it is left.
 */
export function shownError(message: string | undefined, value: string, submitCount: number): string | undefined {
  return submitCount === 0 && value.trim() === '' ? undefined : message;
}

/** Kinds whose limit is worth showing: free text, where a paste can run long. */
const SHOWS_LIMIT = new Set<FieldKind>(['text', 'longtext', 'email']);

/**
 * One labelled input. It subscribes to its own field's state only, so typing in one field
 * re-renders that field alone. Money, postcode, dates and the like are normalised when left;
 * text over the limit is kept whole and flagged at once, never cut.
 */
export const Field = memo(function Field({ name, profile, form, dateOrder }: FieldProps) {
  const { errors, submitCount } = useFormState({ control: form.control, name });
  const error = shownError(errors[name]?.message, form.getValues(name), submitCount);
  const kind = fieldKind(name);
  const { required, maxLength } = ruleFor(name, profile);
  const id = fieldId(name);
  const limit = FIELD_SPAN[name] <= 2 ? `Max ${maxLength}` : `Up to ${maxLength} characters`;
  const hint = kind === 'date' ? dateOrder : SHOWS_LIMIT.has(kind) ? limit : undefined;
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const length = [...event.target.value].length;
    const current = form.getFieldState(name).error?.message;
    if (length > maxLength) form.setError(name, { type: 'too-long', message: tooLongMessage(maxLength, length) });
    else if (isTooLongMessage(current)) form.clearErrors(name);
  };
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const checked = checkField(name, event.target.value, profile, { dateOrder });
    if (!checked.ok || kind === 'longtext') return;
    const shown = kind === 'date' && checked.value ? formatScreenDate(checked.value, dateOrder) : checked.value;
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
      <div className={`field span-${FIELD_SPAN[name]} field-${kind}${error ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {FIELD_LABELS[name]}
          {required && (
            <span className="required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {kind === 'longtext' ? (
          <textarea rows={2} {...common} />
        ) : (
          <div className={kind === 'money' ? 'control money' : 'control'}>
            {kind === 'money' && (
              <span className="prefix" aria-hidden="true">
                £
              </span>
            )}
            <input type="text" inputMode={INPUT_MODE[kind]} autoComplete="off" spellCheck={false} {...common} />
          </div>
        )}
        <div className="field-message">
          {error ? (
            <p className="field-error" id={`${id}-error`}>
              {error}
            </p>
          ) : (
            hint && (
              <p className={kind === 'date' ? 'hint' : 'hint limit'} id={`${id}-hint`}>
                {hint}
              </p>
            )
          )}
        </div>
      </div>
    </Profiler>
  );
});
