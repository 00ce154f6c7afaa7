import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { columnLetter, fieldNamed, headerKey, type ColumnMatch, type RememberedMapping } from '@shared/import/columns';
import type { EntryField } from '@shared/entry/fields';
import { CliFailure } from './output';

/** A heading and the field a person gives it (null: not imported), as written on the command line or in a file. */
export interface GivenColumn {
  heading: string;
  field: EntryField | null;
  /** Where it was given, to name in an error: `--column` or the map file. */
  from: string;
}

/** The field a person wrote: a field name or label; empty or "-" for "not imported". */
function fieldOf(text: string, heading: string, from: string): EntryField | null {
  const written = text.trim();
  if (written === '' || written === '-') return null;
  const field = fieldNamed(written);
  if (!field) {
    throw new CliFailure(
      `${from}: "${written}" (for the column "${heading}") names no field; use a field name such as policy or total_seats, or - for not imported`,
    );
  }
  return field;
}

/** Commander's collector for `--column "HEADING=FIELD"` (repeatable): the last "=" divides the two. */
export function columnOption(value: string, previous: GivenColumn[] = []): GivenColumn[] {
  const at = value.lastIndexOf('=');
  if (at <= 0) throw new CliFailure(`--column takes HEADING=FIELD (e.g. --column "Policy No=policy"); not ${value}`);
  const heading = value.slice(0, at);
  return [...previous, { heading, field: fieldOf(value.slice(at + 1), heading, '--column'), from: '--column' }];
}

/** Reads a `--columns` file: a JSON object of heading → field (null or "" for not imported), or CSV lines "heading,field". */
export function readColumnsFile(path: string): GivenColumn[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (err) {
    throw new CliFailure(`--columns: cannot read ${path}: ${(err as Error).message}`, { code: 'unreadable' });
  }
  let pairs: Array<[string, unknown]>;
  if (text.trimStart().startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new CliFailure(`--columns: ${path} is not JSON: ${(err as Error).message}`);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new CliFailure(`--columns: ${path} holds no JSON object of heading → field`);
    }
    pairs = Object.entries(json);
  } else {
    let rows: string[][];
    try {
      rows = parse(text, { relax_column_count: true, skip_empty_lines: true, comment: '#' });
    } catch (err) {
      throw new CliFailure(`--columns: ${path} is not CSV of heading,field: ${(err as Error).message}`);
    }
    pairs = rows.map((row): [string, unknown] => [row[0] ?? '', row[1] ?? '']);
    // A heading row ("heading,field") is not a column choice.
    if (pairs[0] && headerKey(pairs[0][0]) === 'heading' && headerKey(String(pairs[0][1])) === 'field') pairs.shift();
  }
  return pairs.map(([heading, field]) => {
    if (field !== null && typeof field !== 'string')
      throw new CliFailure(`--columns: ${path}: the field for "${heading}" is not text`);
    return { heading, field: fieldOf(field ?? '', heading, `--columns ${path}`), from: `--columns ${path}` };
  });
}

/**
 * The given choices keyed as the matcher keys headings: the map file's first, `--column` over them.
 * A field given to two headings is refused.
 */
export function givenMapping(given: readonly GivenColumn[]): RememberedMapping {
  const mapping: RememberedMapping = {};
  for (const g of given) {
    const key = headerKey(g.heading);
    if (key === '') throw new CliFailure(`${g.from}: a heading with no letters or digits cannot be matched`);
    mapping[key] = g.field;
  }
  const byField = new Map<EntryField, string>();
  for (const g of given) {
    if (!g.field || mapping[headerKey(g.heading)] !== g.field) continue;
    const other = byField.get(g.field);
    if (other !== undefined && headerKey(other) !== headerKey(g.heading))
      throw new CliFailure(`${g.field} is given to two columns, "${other}" and "${g.heading}": give it to one`);
    byField.set(g.field, g.heading);
  }
  return mapping;
}

/**
 * Given headings the file has no column for. One typed with --column is refused (a typo), listing the
 * file's headings; one from a --columns file (kept for a partner's files) is said, not fatal: the
 * partner has dropped that column. Returns the lines to say.
 */
export function absentGivenHeadings(given: readonly GivenColumn[], header: readonly string[], file: string): string[] {
  const keys = new Set(header.map(headerKey));
  const absent = given.filter((g) => !keys.has(headerKey(g.heading)));
  const typed = absent.filter((g) => g.from === '--column');
  if (typed.length) {
    throw new CliFailure(
      `${file} has no column headed ${typed.map((g) => `"${g.heading}"`).join(', ')} (--column); ` +
        `its headings: ${header.map((h) => `"${h}"`).join(', ')}`,
    );
  }
  return absent.map(
    (g) => `${file} has no column headed "${g.heading}" (${g.from}): that choice is not used for this file`,
  );
}

/** How a column's match is named in the mapping lines. */
const HOW: Record<NonNullable<ColumnMatch['how']>, string> = {
  given: 'given',
  remembered: 'remembered',
  name: 'by name',
  label: 'by label',
  synonym: 'by synonym',
  guess: 'guess: check it',
};

/** One line per file column: its letter and heading, the field it feeds and how that was found. */
export function mappingLines(header: readonly string[], matches: readonly ColumnMatch[]): string[] {
  return header.map((heading, column) => {
    const m = matches[column]!;
    const start = `column ${columnLetter(column)} "${heading}" → `;
    if (m.field) return `${start}${m.field} (${HOW[m.how!]})`;
    const fedBy = m.candidates.length === 1 ? matches.findIndex((o) => o.field === m.candidates[0]) : -1;
    const why =
      m.how === 'given' || m.how === 'remembered'
        ? m.how
        : fedBy >= 0
          ? `${m.candidates[0]} comes from column ${columnLetter(fedBy)}`
          : m.candidates.length > 1
            ? `could be ${m.candidates.join(' or ')}: choose with --column`
            : '';
    return `${start}not imported${why ? ` (${why})` : ''}`;
  });
}
