import type { FieldErrors } from 'react-hook-form';
import { ENTRY_SECTIONS, FIELD_LABELS } from '@shared/entry/fields';
import type { EntryValues } from './blank';
import { focusField } from './field-layout';

const SCREEN_ORDER = ENTRY_SECTIONS.flatMap((s) => s.fields);

/** Fields with an error, in the order they appear on screen. */
export function fieldsWithErrors(errors: FieldErrors<EntryValues>) {
  return SCREEN_ORDER.filter((name) => errors[name]);
}

/**
 * After a submit, the fields to correct in screen order, each a link to its field: one line in the
 * screen's head (where the keyboard hint was), so the form stays where it is.
 */
export function ErrorSummary({ errors }: { errors: FieldErrors<EntryValues> }) {
  const names = fieldsWithErrors(errors);
  if (names.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">
        {names.length === 1 ? '1 field needs' : `${names.length} fields need`} attention:
      </h2>
      <ul>
        {names.map((name) => {
          const message = errors[name]?.message ?? '';
          const label = FIELD_LABELS[name];
          const named = message.toLowerCase().includes(label.toLowerCase());
          return (
            <li key={name}>
              <button type="button" className="link" onClick={() => focusField(name)}>
                {named ? message : `${label}: ${message}`}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
