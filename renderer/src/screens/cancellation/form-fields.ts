import type { CancellationFieldDef } from '@shared/profile/cancellation-fields';
import { formatScreenDate, parseScreenDate, type ScreenDateOrder } from '@shared/entry/screen-date';
import type { Profile } from '@shared/profile/schema';
import { entryFieldOf } from '@shared/entry/cancellation';
import { ruleFor } from '@shared/entry/check';
import type { FieldSpec } from '../../forms/form-field';
import { localDate } from '../journal/journal-format';

/** The cancellation form's values: every field it asks for, as the text typed. */
export type CancellationValues = Record<string, string>;

/**
 * The fields the form asks for, in the profile's order: every field sent on the wire, and the
 * recordid always (it links the request to the original entry even when it is not sent). A field
 * shared with New entry (account code, reference, policy) takes New entry's limit, as it is checked.
 */
export function formFields(
  profile: Pick<Profile, 'cancellation' | 'fieldRules' | 'postcodeCheck'>,
): CancellationFieldDef[] {
  return profile.cancellation.fields
    .filter((f) => f.wire !== null || f.name === 'recordid')
    .map((f) => {
      const shared = entryFieldOf(f.name);
      return shared ? { ...f, maxLength: ruleFor(shared, profile).maxLength } : f;
    });
}

/**
 * A new form for these fields: empty, but for the cancellation date, which is today on this
 * computer's calendar (in the screen order), as the CLI's `cancel` assumes when no date is given.
 */
export function blankValues(fields: readonly CancellationFieldDef[], order: ScreenDateOrder): CancellationValues {
  const today = formatScreenDate(localDate(), order);
  return Object.fromEntries(
    fields.map((f) => [f.name, f.name === 'cancellation_date' && f.type === 'date' ? today : '']),
  );
}

/** True when two forms hold the same text in every field. */
export function sameValues(a: CancellationValues, b: CancellationValues, fields: readonly CancellationFieldDef[]) {
  return fields.every((f) => (a[f.name] ?? '') === (b[f.name] ?? ''));
}

/** The id of a field's input, stable for labels, error links and tests. */
export const cancelFieldId = (name: string) => `cancel-${name}`;

/** Puts the caret in a field of the form. */
export function focusCancelField(name: string): void {
  document.getElementById(cancelFieldId(name))?.focus();
}

/** The reason is the one free text written in sentences (several lines allowed); the rest are one line. */
export const isLongText = (field: CancellationFieldDef) => field.type === 'text' && field.name === 'reason';

/**
 * The service's messages by form field. The service names fields as they went on the wire (a
 * renamed field under its wire name); the app's own checks name them as the form does.
 */
export function messagesByField(
  fields: readonly CancellationFieldDef[],
  messages: Record<string, string>,
): Array<[string, string]> {
  return fields.flatMap((f): Array<[string, string]> => {
    const message = (f.wire !== null ? messages[f.wire] : undefined) ?? messages[f.name];
    return message ? [[f.name, message]] : [];
  });
}

/**
 * How a cancellation field is asked for, by its type: one text field for a date (typed in the
 * screen order, rewritten in it when left), a select for a choice, a text area for the reason.
 */
export function cancellationFieldSpec(field: CancellationFieldDef, dateOrder: ScreenDateOrder): FieldSpec {
  const { name, label, required, type } = field;
  const long = isLongText(field);
  return {
    name,
    id: cancelFieldId(name),
    label,
    required,
    kind: type,
    control: type === 'choice' ? 'select' : long ? 'textarea' : 'input',
    rows: 3,
    spellCheck: long || undefined,
    options: field.options,
    inputMode: type === 'integer' ? 'numeric' : type === 'money' ? 'decimal' : undefined,
    className: long ? 'cancel-field wide' : 'cancel-field',
    hint:
      type === 'date'
        ? dateOrder
        : type === 'text' && field.maxLength
          ? `Up to ${field.maxLength} characters`
          : undefined,
    normalise:
      type === 'date'
        ? (value) => {
            const read = parseScreenDate(value, dateOrder);
            return read.ok && read.value ? formatScreenDate(read.value, dateOrder) : value;
          }
        : undefined,
  };
}
