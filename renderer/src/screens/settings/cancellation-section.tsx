import { useRef } from 'react';
import { useFieldArray, useFormState, type UseFormReturn } from 'react-hook-form';
import { Setting } from '../../components/setting';
import { CancellationDefaultRow } from './cancellation-default-row';
import { CancellationExtraField } from './cancellation-extra-field';
import { newExtraRow } from './cancellation-form';
import type { ProfileFormValues } from './profile-form';
import './cancellation-settings.css';

/**
 * The profile's cancellation requests: the path they are sent to (none = written and queued, not
 * sent), the six default fields (each renamed on the wire or left out, required or not) and the
 * extra fields the administrator adds. Saved with the rest of the profile.
 */
export function CancellationSection({ form }: { form: UseFormReturn<ProfileFormValues> }) {
  const { control, register } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'cancellationFields' });
  const { errors } = useFormState({ control, name: ['cancellationPath', 'cancellationFields'] });
  const addButton = useRef<HTMLButtonElement>(null);
  const rows = fields.map((row, index) => ({ row, index, errors: errors.cancellationFields?.[index] }));
  const extras = rows.filter(({ row }) => !row.preset);
  // A problem with the set as a whole: from the resolver at `root`, from main at the array itself.
  const setError = errors.cancellationFields?.root?.message ?? errors.cancellationFields?.message;

  return (
    <section className="cancellation-settings" aria-labelledby="cancel-settings-title">
      <h3 id="cancel-settings-title">Cancellation requests</h3>
      <Setting
        id="p-cancel"
        label="Cancellation path"
        error={errors.cancellationPath?.message}
        hint="Until a path is set, cancellations can be written and queued but not sent."
      >
        {(aria) => (
          <input
            placeholder="/v1/feed/…"
            spellCheck={false}
            autoComplete="off"
            {...aria}
            {...register('cancellationPath')}
          />
        )}
      </Setting>
      <table className="rules cancel-fields">
        <caption>Default fields</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col" className="type-col">
              Type
            </th>
            <th scope="col">Sent as</th>
            <th scope="col">Leave out</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {rows
            .filter(({ row }) => row.preset)
            .map(({ row, index, errors: rowErrors }) => (
              <CancellationDefaultRow
                key={row.id}
                index={index}
                row={row}
                register={register}
                control={control}
                errors={rowErrors}
              />
            ))}
        </tbody>
      </table>
      <h4 className="cancel-extras-title">Extra fields</h4>
      {extras.length === 0 && <p className="hint">None yet. Add one where the service asks for more.</p>}
      {extras.map(({ row, index, errors: rowErrors }, n) => (
        <CancellationExtraField
          key={row.id}
          index={index}
          number={n + 1}
          register={register}
          control={control}
          errors={rowErrors}
          onRemove={() => {
            remove(index);
            addButton.current?.focus();
          }}
        />
      ))}
      {setError && (
        <p className="field-error" role="alert">
          {setError}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          ref={addButton}
          onClick={() => append(newExtraRow(), { focusName: `cancellationFields.${fields.length}.name` })}
        >
          Add field
        </button>
      </div>
    </section>
  );
}
