import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { CANCELLATION_FIELD_TYPES } from '@shared/profile/cancellation-fields';
import { Setting } from '../../components/setting';
import { TYPE_LABELS, type CancellationRowValues } from './cancellation-form';
import type { ProfileFormValues } from './profile-form';

interface CancellationExtraFieldProps {
  /** The row's place in the whole field set (the form's array). */
  index: number;
  /** Its number among the extra fields, as the labels say it ("Extra field 2"). */
  number: number;
  register: UseFormRegister<ProfileFormValues>;
  control: Control<ProfileFormValues>;
  errors: FieldErrors<CancellationRowValues> | undefined;
  onRemove: () => void;
}

/**
 * A field the administrator added to the cancellation request: name, label, type, the name it is
 * sent as (its own name when empty), required, personal (a person's details: retention and erasure
 * remove it), and by type a maximum length (text) or the options (choice, one per line or
 * separated by commas).
 */
export function CancellationExtraField(props: CancellationExtraFieldProps) {
  const { index, number, register, control, errors, onRemove } = props;
  const [type, name] = useWatch({
    control,
    name: [`cancellationFields.${index}.type`, `cancellationFields.${index}.name`],
  });
  const title = `Extra field ${number}`;
  const id = `cancel-extra-${number}`;
  const at = <K extends keyof CancellationRowValues>(key: K) => `cancellationFields.${index}.${key}` as const;
  const named = (what: string) => ({ 'aria-label': `${title} ${what}` });

  return (
    <fieldset className="cancel-extra">
      <legend>
        {title}
        {name?.trim() ? `: ${name.trim()}` : ''}
      </legend>
      <div className="grid">
        <Setting id={`${id}-name`} label="Name" error={errors?.name?.message} hint="Lower case, digits and _">
          {(aria) => (
            <input spellCheck={false} autoComplete="off" {...named('name')} {...aria} {...register(at('name'))} />
          )}
        </Setting>
        <Setting id={`${id}-label`} label="Label" error={errors?.label?.message}>
          {(aria) => <input autoComplete="off" {...named('label')} {...aria} {...register(at('label'))} />}
        </Setting>
        <Setting id={`${id}-type`} label="Type" error={errors?.type?.message}>
          {(aria) => (
            <select {...named('type')} {...aria} {...register(at('type'))}>
              {CANCELLATION_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Setting>
        <Setting id={`${id}-wire`} label="Sent as" error={errors?.wire?.message} hint="Empty: the name">
          {(aria) => (
            <input spellCheck={false} autoComplete="off" {...named('sent as')} {...aria} {...register(at('wire'))} />
          )}
        </Setting>
        {type === 'text' && (
          <Setting id={`${id}-max`} label="Max length" error={errors?.maxLength?.message} hint="Empty: no limit">
            {(aria) => (
              <input
                inputMode="numeric"
                autoComplete="off"
                {...named('max length')}
                {...aria}
                {...register(at('maxLength'))}
              />
            )}
          </Setting>
        )}
        {type === 'choice' && (
          <Setting
            id={`${id}-options`}
            label="Options"
            wide
            error={errors?.options?.message}
            hint="One per line, or separated by commas."
          >
            {(aria) => <textarea rows={3} {...named('options')} {...aria} {...register(at('options'))} />}
          </Setting>
        )}
        <div className="field checkbox">
          <input id={`${id}-required`} type="checkbox" {...named('required')} {...register(at('required'))} />
          <label htmlFor={`${id}-required`}>Required</label>
        </div>
        <div className="field checkbox">
          <input id={`${id}-personal`} type="checkbox" {...named('personal')} {...register(at('personal'))} />
          <label htmlFor={`${id}-personal`}>Personal (removed by retention and erasure)</label>
        </div>
      </div>
      <div className="actions">
        <button type="button" className="danger" aria-label={`Remove ${title.toLowerCase()}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}
