import { ENTRY_FIELDS, FIELD_LABELS, fieldKind, type EntryField, type FieldKind } from '@shared/entry/fields';
import { checkField, ruleFor } from '@shared/entry/check';
import { formatScreenDate, type ScreenDateOrder } from '@shared/entry/screen-date';
import type { Profile } from '@shared/profile/schema';
import type { FieldSpec } from '../../forms/form-field';
import { FIELD_SPAN, fieldId } from './field-layout';

const INPUT_MODE: Partial<Record<FieldKind, FieldSpec['inputMode']>> = {
  money: 'decimal',
  integer: 'numeric',
  email: 'email',
  telephone: 'tel',
};

/** Kinds whose limit is worth showing: free text, where a paste can run long. */
const SHOWS_LIMIT = new Set<FieldKind>(['text', 'longtext', 'email']);

/**
 * New entry's fields under a profile's rules: sized to what they hold, text over the limit
 * flagged at once and never cut, money, postcode, dates and the like normalised when left.
 */
export function entryFieldSpecs(profile: Profile, dateOrder: ScreenDateOrder): Record<EntryField, FieldSpec> {
  const spec = (name: EntryField): FieldSpec => {
    const kind = fieldKind(name);
    const { required, maxLength } = ruleFor(name, profile);
    const limit = FIELD_SPAN[name] <= 2 ? `Max ${maxLength}` : `Up to ${maxLength} characters`;
    return {
      name,
      id: fieldId(name),
      label: FIELD_LABELS[name],
      required,
      kind,
      control: kind === 'longtext' ? 'textarea' : 'input',
      rows: 2,
      inputMode: INPUT_MODE[kind],
      className: `span-${FIELD_SPAN[name]}`,
      hint: kind === 'date' ? dateOrder : SHOWS_LIMIT.has(kind) ? limit : undefined,
      hintClass: kind === 'date' ? 'hint' : 'hint limit',
      flagOver: maxLength,
      normalise: (value) => {
        const checked = checkField(name, value, profile, { dateOrder });
        if (!checked.ok || kind === 'longtext') return value;
        return kind === 'date' && checked.value ? formatScreenDate(checked.value, dateOrder) : checked.value;
      },
    };
  };
  return Object.fromEntries(ENTRY_FIELDS.map((name) => [name, spec(name)])) as Record<EntryField, FieldSpec>;
}
