import type { EntryField } from '@shared/entry/fields';

/** The id of a field's input, stable for labels, error links and tests. */
export const fieldId = (name: EntryField) => `field-${name}`;

/**
 * Puts the caret in a field at once. Used right after the form is reset, when react-hook-form's
 * setFocus would wait a task and let the first keys of the next entry land in the old field.
 */
export function focusField(name: EntryField): void {
  document.getElementById(fieldId(name))?.focus();
}

/**
 * How many of a section's 12 columns each field takes: sized to what it holds (Title, Initials,
 * Postcode and Total seats narrow, addresses the full width), each section's row summing to 12.
 */
export const FIELD_SPAN: Record<EntryField, 2 | 3 | 4 | 5 | 6 | 7 | 8 | 12> = {
  account_code: 4,
  reference: 4,
  policy: 4,
  total_seats: 2,
  total_value: 3,
  policy_premium: 3,
  title: 2,
  initials: 2,
  surname: 8,
  address1: 12,
  address2: 12,
  town: 5,
  county: 4,
  postcode: 3,
  email: 7,
  telephone: 5,
  description: 12,
  manufacturer: 6,
  model: 6,
  colour: 6,
  fabric: 6,
  purchase_date: 4,
  delivery_date: 4,
  order_number: 4,
  invoice_number: 4,
  sales_channel: 8,
};
