import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TYPE_LABELS, type CancellationRowValues } from './cancellation-form';
import type { ProfileFormValues } from './profile-form';

interface CancellationDefaultRowProps {
  /** The row's place in the whole field set (the form's array). */
  index: number;
  row: CancellationRowValues;
  register: UseFormRegister<ProfileFormValues>;
  control: Control<ProfileFormValues>;
  errors: FieldErrors<CancellationRowValues> | undefined;
}

/**
 * One of the six default fields: its label and fixed type, the name it is sent as (or "leave
 * out"), and whether the cancellation form requires it. recordid is always required: it links
 * the request to the original entry.
 */
export function CancellationDefaultRow({ index, row, register, control, errors }: CancellationDefaultRowProps) {
  const leftOut = useWatch({ control, name: `cancellationFields.${index}.leaveOut` });
  const id = `cancel-${row.name}`;
  const wireError = errors?.wire?.message;
  return (
    <tr>
      <th scope="row">
        {row.label}
        <span className="field-key">{row.name}</span>
        <span className="type-inline">{TYPE_LABELS[row.type]}</span>
      </th>
      <td className="type-col">{TYPE_LABELS[row.type]}</td>
      <td>
        <input
          id={`${id}-wire`}
          aria-label={`${row.name} sent as`}
          readOnly={leftOut}
          spellCheck={false}
          autoComplete="off"
          {...(wireError ? { 'aria-invalid': true, 'aria-describedby': `${id}-wire-error` } : {})}
          {...register(`cancellationFields.${index}.wire`)}
        />
        {wireError && (
          <p className="field-error" id={`${id}-wire-error`}>
            {wireError}
          </p>
        )}
      </td>
      <td>
        <input
          id={`${id}-leave-out`}
          type="checkbox"
          aria-label={`Leave ${row.name} out`}
          {...register(`cancellationFields.${index}.leaveOut`)}
        />
      </td>
      <td>
        {row.name === 'recordid' ? (
          <input
            id={`${id}-required`}
            type="checkbox"
            checked
            readOnly
            disabled
            aria-label="recordid required (always: it links the request to the original entry)"
          />
        ) : (
          <input
            id={`${id}-required`}
            type="checkbox"
            aria-label={`${row.name} required`}
            {...register(`cancellationFields.${index}.required`)}
          />
        )}
      </td>
    </tr>
  );
}
