import type { FieldErrors, Resolver } from 'react-hook-form';
import { checkField, type EntryRules } from '@shared/entry/check';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { EntryValues } from './blank';

/**
 * The form's validation: each field through the shared check the entry schema is built from (same
 * messages, dates read in the screen order and put out as YYYY-MM-DD), without the schema library.
 */
export function entryResolver(rules: EntryRules, order: ScreenDateOrder): Resolver<EntryValues, unknown, EntryValues> {
  return (values) => {
    const out = {} as EntryValues;
    const errors: FieldErrors<EntryValues> = {};
    for (const field of ENTRY_FIELDS) {
      const result = checkField(field, values[field], rules, { dateOrder: order });
      if (result.ok) out[field] = result.value;
      else errors[field] = { type: 'custom', message: result.message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: out, errors: {} };
  };
}
