import { ENTRY_FIELDS, FIELD_LABELS, isEntryField, type EntryField } from '../entry/fields';
import type { EntryInput } from '../entry/schema';
import { GENERAL_WORDS, LIKELY, SYNONYMS } from './heading-phrases';
import { readInFile, type HeadingReading, type MatchHow } from './heading-file';
import { planField } from './heading-plans';
import { PERSONAL_FIELDS } from '../journal/personal-fields';
import { HeadingReader, setWords, rawWords, SOFT_WORDS } from './heading-words';

/** The field each column of an imported file feeds, one per column; null for a column left out. */
export type ColumnMapping = Array<EntryField | null>;

/** A person's column choices, keyed by the column heading's headerKey, stored per profile. */
export type RememberedMapping = Record<string, EntryField | null>;

/** A heading reduced for matching: lower case, letters and digits only ("Address 1" → "address1"). */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export type { HeadingReading, MatchHow } from './heading-file';
import { fieldFromValues, hasShape, valuesContradict } from './value-shapes';

/** What the matcher made of one column. */
export interface ColumnMatch {
  /** The field the column feeds; null when it is not imported. */
  field: EntryField | null;
  /** How the field was found; null when the column is not imported. */
  how: MatchHow | null;
  /**
   * For a column not imported: the fields its heading could name (two or more: left for the person
   * to choose), or the one field another column already feeds. Empty otherwise.
   */
  candidates: EntryField[];
}

interface Phrase {
  field: EntryField;
  kind: 'label' | 'synonym';
  words: string[];
}

const fieldTexts = (field: EntryField) => {
  const label = FIELD_LABELS[field];
  return { labels: [field, label, label.replace(/\bline\b/gi, '')], synonyms: SYNONYMS[field] };
};

const reader = new HeadingReader(
  ENTRY_FIELDS.flatMap((field) => {
    const { labels, synonyms } = fieldTexts(field);
    return [...labels, ...synonyms, ...(LIKELY[field] ?? [])].flatMap(rawWords);
  }),
);

const PHRASES: readonly Phrase[] = ENTRY_FIELDS.flatMap((field) => {
  const { labels, synonyms } = fieldTexts(field);
  return [
    ...labels.map((text): Phrase => ({ field, kind: 'label', words: reader.read(text).words })),
    ...synonyms.map((text): Phrase => ({ field, kind: 'synonym', words: reader.read(text).words })),
  ];
});

const LIKELY_PHRASES = ENTRY_FIELDS.flatMap((field) =>
  (LIKELY[field] ?? []).map((text) => ({ field, words: reader.read(text).words })),
);

/** The fields of the customer's name, address and telephone: the set a delivery address repeats. */
const ADDRESS_SET: ReadonlySet<EntryField> = new Set(PERSONAL_FIELDS.filter((field) => field !== 'email'));
/** The fields whose column says the file has the customer's own address. */
const ADDRESS_ONLY: ReadonlySet<EntryField> = new Set(['address1', 'address2', 'town', 'county', 'postcode']);

/** The headings of a web shop's order export (Shopify's), whose "Name" column is the order number. */
const SHOP_EXPORT = ['financialstatus', 'fulfillmentstatus', 'lineitemname', 'lineitemquantity', 'lineitemprice'];

const NAME_KEYS = new Map(ENTRY_FIELDS.map((field) => [headerKey(field), field]));
const LABEL_KEYS = new Map(ENTRY_FIELDS.flatMap((f) => fieldTexts(f).labels.map((t) => [headerKey(t), f] as const)));

const isGeneral = (word: string) => GENERAL_WORDS.has(word) || SOFT_WORDS.has(word) || /^\p{N}+$/u.test(word);
const contains = (outer: readonly string[], inner: readonly string[]) => inner.every((w) => outer.includes(w));
const unique = (fields: EntryField[]) => [...new Set(fields)];

/** The fields of a place an address heading may name ("Address Town"). */
const PLACES: ReadonlySet<EntryField> = new Set(['town', 'county', 'postcode']);

/** The field a heading's words name, or the fields they could name (more than one: left for the person). */
function readWords(text: string): { field: EntryField; how: MatchHow } | { candidates: EntryField[] } | null {
  const { words, expanded } = reader.read(text);
  if (words.length === 0) return null;
  // "ADDR_TOWN", "Address Postcode": the address's town or postcode.
  if (words.length > 1 && words.includes('address')) {
    const rest = readWords(words.filter((w) => w !== 'address').join(' '));
    if (rest && 'field' in rest && PLACES.has(rest.field))
      return { field: rest.field, how: rest.how === 'guess' ? 'guess' : 'synonym' };
  }
  const same = PHRASES.filter((p) => p.words.length === words.length && contains(p.words, words));
  const exact = unique(same.map((p) => p.field));
  if (exact.length > 1) return { candidates: exact };
  if (exact.length === 1) {
    const asLabel = same.some((p) => p.kind === 'label') && !expanded;
    return { field: exact[0]!, how: asLabel ? 'label' : 'synonym' };
  }
  const likely = unique(LIKELY_PHRASES.filter((p) => p.words.join() === words.join()).map((p) => p.field));
  if (likely.length === 1) return { field: likely[0]!, how: 'guess' };
  const plan = planField(words, text);
  if (plan) return { field: plan, how: 'guess' };
  // A guess: the heading is part of one field's headings and says more than a general word ("Order"),
  // or is made of that field's headings and words that add nothing ("Zip / postal code", "Premium amount").
  const part = unique(
    PHRASES.filter((p) => p.words.length > words.length && contains(p.words, words)).map((p) => p.field),
  );
  const made = ENTRY_FIELDS.filter((field) => {
    const inside = PHRASES.filter((p) => p.field === field && contains(words, p.words));
    return inside.length > 0 && words.every((w) => SOFT_WORDS.has(w) || inside.some((p) => p.words.includes(w)));
  });
  const guessed = unique([...(words.some((w) => !isGeneral(w)) ? part : []), ...made]);
  if (guessed.length === 1) return { field: guessed[0]!, how: 'guess' };
  const could = unique([...part, ...made]);
  return could.length > 1 ? { candidates: could } : null;
}

/** What a heading holds in brackets: a note ("(house and street)"), a unit, or whose it is ("(Shipping)"). */
const BRACKETS = /\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g;

/**
 * What a heading names, before any column claims a field: its name or label spelled out, else the
 * words of the whole heading, else the heading without what it holds in brackets ("Address line 1
 * (house and street)"), else — as a guess — a field of the delivery address ("Shipping City",
 * "Postcode (Shipping)"). Null when it names nothing.
 */
export function readHeading(text: string): HeadingReading | null {
  const key = headerKey(text);
  if (key === '') return null;
  const named = NAME_KEYS.get(key);
  if (named) return { field: named, how: 'name' };
  const labelled = LABEL_KEYS.get(key);
  if (labelled) return { field: labelled, how: 'label' };
  // A guess from the whole heading yields to a surer reading without its brackets.
  const whole = readWords(text);
  if (whole && !('field' in whole && whole.how === 'guess')) return whole;
  const inside = (text.match(BRACKETS) ?? []).join(' ');
  const outside = inside && !setWords(inside, 'delivery') ? readWords(text.replace(BRACKETS, ' ')) : null;
  if (outside && !(whole && 'field' in outside && outside.how === 'guess')) return outside;
  if (whole) return whole;
  // A list of alternatives ("State, Province, Region or similar"): two or more name one field and none another.
  const parts = text.split(/[/,;]|\bor\b/i).map(readWords);
  const listed = unique(parts.flatMap((p) => (p && 'field' in p ? [p.field] : [])));
  const agree = parts.filter((p) => p && 'field' in p).length;
  if (listed.length === 1 && agree >= 2 && !parts.some((p) => p && 'candidates' in p))
    return { field: listed[0]!, how: 'guess' };
  // The name, address and telephone of the invoice address ("Inv Town"), or, as a guess, the delivery address's.
  for (const set of ['invoice', 'delivery'] as const) {
    const rest = setWords(text, set);
    const read = rest && readWords(rest.join(' '));
    if (read && 'field' in read && ADDRESS_SET.has(read.field))
      return set === 'invoice' ? read : { field: read.field, how: 'guess', delivery: true };
  }
  return null;
}

/**
 * What each column feeds: choices given for its heading (the command line's) first, then the
 * person's remembered choices, then headings by how surely they name a field (name, label, synonym,
 * guess). A field goes to the first column that claims it; a heading that could name two fields is
 * left for the person.
 */
export function matchHeadings(
  header: readonly string[],
  remembered: RememberedMapping = {},
  given: RememberedMapping = {},
  samples?: readonly (readonly string[])[],
): ColumnMatch[] {
  const keys = header.map(headerKey);
  const matches: ColumnMatch[] = header.map(() => ({ field: null, how: null, candidates: [] }));
  const decided = new Set<number>();
  const taken = new Set<EntryField>();
  const claim = (column: number, field: EntryField | null, how: MatchHow) => {
    decided.add(column);
    if (field && taken.has(field)) return void (matches[column] = { field: null, how: null, candidates: [field] });
    if (field) taken.add(field);
    matches[column] = { field, how, candidates: [] };
  };
  for (const [choices, how] of [
    [given, 'given'],
    [remembered, 'remembered'],
  ] as const) {
    keys.forEach((key, column) => {
      if (decided.has(column) || key === '' || !Object.hasOwn(choices, key)) return;
      const choice = choices[key];
      // A stored choice that names no field leaves the column out rather than guessing past it.
      claim(column, typeof choice === 'string' && isEntryField(choice) ? choice : null, how);
    });
  }
  const shop = SHOP_EXPORT.filter((key) => keys.includes(key)).length >= 2;
  const read = header.map((text, column): HeadingReading | null =>
    decided.has(column)
      ? null
      : shop && keys[column] === 'name'
        ? { field: 'order_number', how: 'guess' }
        : readHeading(text),
  );
  readInFile(
    header.map((text, column) => (decided.has(column) ? '' : text)),
    read,
  );
  // The surest reading claims a field first: a name before a label, a synonym, then a guess; the
  // delivery address last, and only in a file without the customer's own address.
  const customer =
    read.some((r) => !!r && 'field' in r && !r.delivery && ADDRESS_ONLY.has(r.field)) ||
    matches.some((m) => m.field && ADDRESS_ONLY.has(m.field));
  for (const level of ['name', 'label', 'synonym', 'guess', 'delivery'] as const) {
    read.forEach((found, column) => {
      if (!found || !('field' in found) || (found.delivery ? 'delivery' : found.how) !== level) return;
      if (level === 'delivery' && customer) matches[column] = { field: null, how: null, candidates: [found.field] };
      else claim(column, found.field, found.how);
    });
  }
  read.forEach((found, column) => {
    if (found && 'candidates' in found) matches[column] = { field: null, how: null, candidates: found.candidates };
  });
  if (samples) byValues(matches, samples);
  return matches;
}

/**
 * The columns' first values weigh in (value-shapes.ts): a guess from a heading whose values do not fit
 * its field is withdrawn (left for the person, the field named as a candidate), and a column nothing
 * claimed whose values are plainly postcodes or e-mail addresses is offered as a guess ("check it"),
 * if no other column feeds that field. Choices given or remembered, and surer readings, stand.
 */
function byValues(matches: ColumnMatch[], samples: readonly (readonly string[])[]): void {
  matches.forEach((m, column) => {
    if (m.how === 'guess' && m.field && valuesContradict(m.field, samples[column] ?? []))
      matches[column] = { field: null, how: null, candidates: [m.field] };
  });
  const taken = new Set(matches.map((m) => m.field).filter(Boolean));
  matches.forEach((m, column) => {
    // Nothing claimed the column, or only a guess of a free-text field ("Area" as address line 2).
    const free = m.how === 'guess' && m.field !== null && !hasShape(m.field);
    if (!(m.how === null && m.field === null) && !free) return;
    const field = fieldFromValues(samples[column] ?? []);
    if (!field || taken.has(field)) return;
    if (m.field) taken.delete(m.field);
    taken.add(field);
    matches[column] = { field, how: 'guess', candidates: [] };
  });
}

/** The field each column feeds, as {@link matchHeadings} finds it. */
export function matchColumns(header: readonly string[], remembered: RememberedMapping = {}): ColumnMapping {
  return matchHeadings(header, remembered).map((m) => m.field);
}

/** The choices of a mapping keyed by heading, to store for the next file with the same headings. */
export function rememberMapping(header: readonly string[], mapping: ColumnMapping): RememberedMapping {
  const remembered: RememberedMapping = {};
  header.forEach((text, column) => {
    const key = headerKey(text);
    const field = mapping[column] ?? null;
    if (key !== '' && (!Object.hasOwn(remembered, key) || remembered[key] === null)) remembered[key] = field;
  });
  return remembered;
}

/** The required fields no column feeds, in the order given. */
export function missingRequired(mapping: ColumnMapping, requiredFields: readonly EntryField[]): EntryField[] {
  return requiredFields.filter((field) => !mapping.includes(field));
}

/** One row's mapped cells as entry input; fields without a column or a cell are left out. */
export function rowInput(cells: readonly string[], mapping: ColumnMapping): EntryInput {
  const input: EntryInput = {};
  mapping.forEach((field, column) => {
    const cell = cells[column];
    if (field && cell !== undefined) input[field] = cell;
  });
  return input;
}

/** A column's letter as a spreadsheet shows it: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The field a person names by its field name or its label ("policy", "Total seats"); null for none. */
export function fieldNamed(text: string): EntryField | null {
  const key = headerKey(text);
  return NAME_KEYS.get(key) ?? LABEL_KEYS.get(key) ?? null;
}
