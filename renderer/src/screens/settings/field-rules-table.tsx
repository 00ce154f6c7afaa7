import type { UseFormRegister } from 'react-hook-form';
import { ENTRY_FIELDS, FIELD_LABELS } from '@shared/entry/fields';
import type { ProfileFormValues } from './profile-form';

/** Required flag and maximum length of every field, for one profile. */
export function FieldRulesTable({ register }: { register: UseFormRegister<ProfileFormValues> }) {
  return (
    <table className="rules">
      {/* Named for assistive technology; the section it opens under already says "Field rules". */}
      <caption className="visually-hidden">Field rules</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Required</th>
          <th scope="col">Max length</th>
        </tr>
      </thead>
      <tbody>
        {ENTRY_FIELDS.map((field) => (
          <tr key={field}>
            <th scope="row">{FIELD_LABELS[field]}</th>
            <td>
              <input
                type="checkbox"
                aria-label={`${FIELD_LABELS[field]} required`}
                {...register(`rules.${field}.required`)}
              />
            </td>
            <td>
              <input
                type="number"
                min={1}
                max={10000}
                aria-label={`${FIELD_LABELS[field]} maximum length`}
                {...register(`rules.${field}.maxLength`, { valueAsNumber: true })}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
