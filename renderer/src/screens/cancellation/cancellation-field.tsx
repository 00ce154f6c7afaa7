import { memo, type FocusEvent } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import type { CancellationFieldDef } from '../../../../shared/profile/cancellation-fields';
import { formatScreenDate, parseScreenDate, type ScreenDateOrder } from '../../../../shared/entry/screen-date';
import { shownError } from '../new-entry/field';
import { cancelFieldId, isLongText, type CancellationValues } from './form-fields';

interface FieldProps {
  field: CancellationFieldDef;
  form: UseFormReturn<CancellationValues, unknown, CancellationValues>;
  dateOrder: ScreenDateOrder;
}

const INPUT_MODE = { integer: 'numeric', money: 'decimal' } as const;

/** The hint under a field: the date order to type, or how long the text may be. */
function hintOf(field: CancellationFieldDef, order: ScreenDateOrder): string | undefined {
  if (field.type === 'date') return order;
  if (field.type === 'text' && field.maxLength) return `Up to ${field.maxLength} characters`;
  return undefined;
}

/**
 * One labelled input of the cancellation form, by the field's type: one text field for a date
 * (typed in the screen order, rewritten in it when left), a select for a choice, a text area for
 * the reason. It subscribes to its own field's state only; its error shows when it is left.
 */
export const CancellationField = memo(function CancellationField({ field, form, dateOrder }: FieldProps) {
  const { name, label, required, type } = field;
  const { errors, submitCount } = useFormState({ control: form.control, name });
  const error = shownError(errors[name]?.message, form.getValues(name) ?? '', submitCount);
  const id = cancelFieldId(name);
  const hint = hintOf(field, dateOrder);
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    if (type !== 'date') return;
    const read = parseScreenDate(event.target.value, dateOrder);
    const shown = read.ok && read.value ? formatScreenDate(read.value, dateOrder) : event.target.value;
    if (shown !== event.target.value) form.setValue(name, shown, { shouldValidate: true });
  };
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': messageId,
    'aria-required': required || undefined,
    ...form.register(name, { onBlur }),
  };
  const wide = isLongText(field) ? ' wide' : '';

  return (
    <div className={`field cancel-field field-${type}${wide}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {type === 'choice' ? (
        <select {...common}>
          <option value="">{required ? 'Choose…' : '(none)'}</option>
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : isLongText(field) ? (
        <textarea rows={3} spellCheck {...common} />
      ) : (
        <div className={type === 'money' ? 'control money' : 'control'}>
          {type === 'money' && (
            <span className="prefix" aria-hidden="true">
              £
            </span>
          )}
          <input
            type="text"
            inputMode={type === 'integer' || type === 'money' ? INPUT_MODE[type] : undefined}
            autoComplete="off"
            spellCheck={false}
            {...common}
          />
        </div>
      )}
      <div className="field-message">
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : (
          hint && (
            <p className="hint" id={`${id}-hint`}>
              {hint}
            </p>
          )
        )}
      </div>
    </div>
  );
});
