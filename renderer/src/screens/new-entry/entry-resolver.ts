import type { FieldErrors, Resolver } from 'react-hook-form';
import { checkField, type EntryRules } from '@shared/entry/check';
import { ENTRY_FIELDS, type EntryField } from '@shared/entry/fields';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import type { EntryValues } from './blank';

/** The service's message for a field and the value it refused: kept until the value changes. */
export type RefusedFields = Map<EntryField, { message: string; value: string }>;

/**
 * The form's validation: each field through the shared check the entry schema is built from (same
 * messages, dates read in the screen order and put out as YYYY-MM-DD), without the schema library.
 * A field the service refused keeps the service's message while it holds the value refused (leaving
 * the field checks it again, and the shared check passes it); the submit forgets them first.
 */
export function entryResolver(
  rules: EntryRules,
  order: ScreenDateOrder,
  refused: RefusedFields = new Map(),
): Resolver<EntryValues, unknown, EntryValues> {
  return (values) => {
    const out = {} as EntryValues;
    const errors: FieldErrors<EntryValues> = {};
    for (const field of ENTRY_FIELDS) {
      const mark = refused.get(field);
      if (mark && mark.value !== values[field]) refused.delete(field);
      else if (mark) {
        errors[field] = { type: 'service', message: mark.message };
        continue;
      }
      const result = checkField(field, values[field], rules, { dateOrder: order });
      if (result.ok) out[field] = result.value;
      else errors[field] = { type: 'custom', message: result.message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: out, errors: {} };
  };
}
