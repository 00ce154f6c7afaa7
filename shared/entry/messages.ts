import { FIELD_LABELS, type EntryField } from './fields';

/** How a field is named inside a sentence, where its label alone would read oddly. */
const IN_A_SENTENCE: Partial<Record<EntryField, string>> = {
  address1: 'the first line of the address',
  address2: 'the second line of the address',
  email: 'the e-mail address',
  telephone: 'the telephone number',
  total_seats: 'the number of seats',
  description: 'a description',
};

/** The field as named inside a sentence: "the account code". */
export function fieldInSentence(field: EntryField): string {
  return IN_A_SENTENCE[field] ?? `the ${FIELD_LABELS[field].toLowerCase()}`;
}

/** What a required field left blank asks for, in plain words: "Enter the account code". */
export function requiredMessage(field: EntryField): string {
  return `Enter ${fieldInSentence(field)}`;
}

/** What text over a field's limit says: the limit and how long the text is, so nothing is cut silently. */
export function tooLongMessage(maxLength: number, length: number): string {
  return `Must be ${maxLength} characters or fewer: this has ${length}`;
}

/** True for a message made by tooLongMessage, so a form can drop it as soon as the text fits. */
export function isTooLongMessage(message: string | undefined): boolean {
  return message !== undefined && /^Must be \d+ characters or fewer: this has \d+$/.test(message);
}
