// What a column's values say about its field, beside its heading: a postcode-shaped column under
// "Area" is probably the postcode; "Close Date" holding no dates is not a date. Values only weaken a
// guess or make one ("check it"); they never decide a field on their own.
import { fieldKind, type EntryField } from '../entry/fields';

/** The shapes a column's values can have that name one field, or a kind of field. */
const SHAPES = {
  postcode: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  telephone: /^(\+44\s?|0)[\d\s()-]{9,14}$/,
  date: /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})([ T]\d{1,2}:\d{2}.*)?$/,
  money: /^-?[£$€]?\s?-?\d{1,3}(,?\d{3})*(\.\d{1,2})?$/,
} as const;

type Shape = keyof typeof SHAPES;

/** The fields a shape names when it alone is seen: only those whose values cannot be mistaken. */
const GUESS_BY_SHAPE: Partial<Record<Shape, EntryField>> = {
  postcode: 'postcode',
  email: 'email',
};

/** Of a column's sample values (its first filled cells), the share that has the shape. */
function share(values: readonly string[], shape: Shape): number {
  const filled = values.map((v) => v.trim()).filter((v) => v !== '');
  if (filled.length === 0) return 0;
  return filled.filter((v) => SHAPES[shape].test(v)).length / filled.length;
}

/** At least this share of a column's values must have a shape for it to count. */
const MOSTLY = 0.9;
/** A guess stands unless fewer than this share of the values fit its field. */
const BARELY = 0.5;

/** Whether a field's values have a shape of their own (a postcode, a date…), not free text. */
export const hasShape = (field: EntryField) => shapeOf(field) !== undefined;

/** The shape a field's values must have, where one tells; undefined for free text. */
function shapeOf(field: EntryField): Shape | undefined {
  const kind = fieldKind(field);
  if (kind === 'postcode' || kind === 'email' || kind === 'telephone' || kind === 'date' || kind === 'money')
    return kind;
  return undefined;
}

/**
 * Whether a column's values contradict a field guessed from its heading: most of them do not have
 * the field's shape (a "Close Date" of names, a "Premium" of words). Too few values decide nothing.
 */
export function valuesContradict(field: EntryField, values: readonly string[]): boolean {
  const shape = shapeOf(field);
  if (!shape || values.filter((v) => v.trim() !== '').length < 3) return false;
  return share(values, shape) < BARELY;
}

/**
 * The field a column's values alone suggest (a postcode or e-mail column under an unhelpful heading),
 * to offer as a guess; undefined when they suggest none surely.
 */
export function fieldFromValues(values: readonly string[]): EntryField | undefined {
  if (values.filter((v) => v.trim() !== '').length < 3) return undefined;
  for (const [shape, field] of Object.entries(GUESS_BY_SHAPE) as [Shape, EntryField][])
    if (share(values, shape) >= MOSTLY) return field;
  return undefined;
}
