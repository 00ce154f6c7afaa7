import { memo, Profiler } from 'react';
import { logRender } from '../../render-log';
import { useFormState, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { FIELD_LABELS, fieldKind, type EntryField } from '../../../../shared/entry/fields';
import { checkField, ruleFor } from '../../../../shared/entry/schema';
import type { Profile } from '../../../../shared/profile/schema';
import type { EntryValues } from './blank';

interface FieldProps {
  name: EntryField;
  profile: Profile;
  control: Control<EntryValues, unknown, EntryValues>;
  register: UseFormRegister<EntryValues>;
  setValue: UseFormSetValue<EntryValues>;
}

const INPUT_MODE: Partial<Record<string, 'decimal' | 'numeric' | 'email' | 'tel'>> = {
  money: 'decimal',
  integer: 'numeric',
  email: 'email',
  telephone: 'tel',
};

/**
 * One labelled input. It subscribes to its own field's state only, so typing in one field
 * re-renders that field alone. Money, postcode and the like are normalised when left.
 */
export const Field = memo(function Field({ name, profile, control, register, setValue }: FieldProps) {
  const { errors } = useFormState({ control, name });
  const error = errors[name]?.message;
  const kind = fieldKind(name);
  const { required, maxLength } = ruleFor(name, profile);
  const id = `field-${name}`;
  const described = error ? `${id}-error` : undefined;
  const registration = register(name, {
    onBlur: (event: { target: { value: string } }) => {
      const checked = checkField(name, event.target.value, profile);
      if (checked.ok && checked.value !== event.target.value && kind !== 'longtext') {
        setValue(name, checked.value, { shouldValidate: true });
      }
    },
  });
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
    maxLength: kind === 'money' ? maxLength + 4 : maxLength,
    ...registration,
  };
  return (
    <Profiler id={`field:${name}`} onRender={logRender}>
      <div className={`field field-${kind}${error ? ' has-error' : ''}`}>
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
          <input
            type={kind === 'date' ? 'date' : 'text'}
            inputMode={INPUT_MODE[kind]}
            autoComplete="off"
            spellCheck={false}
            {...common}
          />
        )}
        {error && (
          <p className="field-error" id={described}>
            {error}
          </p>
        )}
      </div>
    </Profiler>
  );
});
