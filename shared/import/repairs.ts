import { fieldKind, isEntryField, type EntryField } from '../entry/fields';
import type { EntryInput } from '../entry/schema';

/**
 * A repair of line breaks in single-line fields that a person chose (never applied by default):
 * join a value's lines with a separator, or move the second line of Address line 1 to Address line
 * 2 where that is empty. `rows` names the file rows it is for; without it, every row.
 */
export type LineRepair =
  { kind: 'join'; separator: string; field?: EntryField; rows?: number[] } | { kind: 'address2'; rows?: number[] };

const BREAKS = /\r\n|\r|\n/;

/** Whether a value holds a line break. */
export const hasLineBreak = (value: unknown): value is string => typeof value === 'string' && /[\r\n]/.test(value);

/** A value's lines, each trimmed, blank ones dropped. */
export const linesOf = (value: string): string[] =>
  value
    .split(BREAKS)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The single-line fields of a row that hold a line break (the ones a line repair is for). */
export function brokenFields(input: EntryInput): EntryField[] {
  return Object.keys(input).filter(
    (f): f is EntryField => isEntryField(f) && fieldKind(f) !== 'longtext' && hasLineBreak(input[f]),
  );
}

/** Whether "move the second line to Address line 2" applies to a row: Address line 1 has lines, Address line 2 is empty. */
export const canMoveToAddress2 = (input: EntryInput): boolean =>
  hasLineBreak(input.address1) && String(input.address2 ?? '').trim() === '';

const applies = (repair: LineRepair, row: number) => !repair.rows || repair.rows.includes(row);

/**
 * The row with the chosen repairs applied to its single-line fields that hold line breaks (moves
 * first, then joins); the input itself is never changed, and a row no repair names comes back as is.
 */
export function repairLines(input: EntryInput, row: number, repairs: readonly LineRepair[]): EntryInput {
  const broken = brokenFields(input);
  if (broken.length === 0 || repairs.length === 0) return input;
  const out: EntryInput = { ...input };
  for (const repair of repairs) {
    if (repair.kind !== 'address2' || !applies(repair, row) || !canMoveToAddress2(out)) continue;
    const [first = '', ...rest] = linesOf(String(out.address1));
    out.address1 = first;
    out.address2 = rest.join(', ');
  }
  for (const repair of repairs) {
    if (repair.kind !== 'join' || !applies(repair, row)) continue;
    for (const field of broken) {
      const value = out[field];
      if ((!repair.field || repair.field === field) && hasLineBreak(value))
        out[field] = linesOf(value).join(repair.separator);
    }
  }
  return out;
}

/** A piece of a value as shown: its text, or an invisible character made visible (with its name). */
export interface ShownPart {
  text: string;
  invisible?: string;
}

const INVISIBLE = /\r\n|\r|\n|\t|[\u0000-\u001F\u007F-\u009F\u00A0\u00AD\u200B-\u200F\u2028\u2029\u2060\uFEFF]/g;

const markOf = (ch: string): ShownPart => {
  if (ch === '\r\n' || ch === '\n' || ch === '\r') return { text: '⏎', invisible: 'line break' };
  if (ch === '\t') return { text: '⇥', invisible: 'tab' };
  if (ch === '\u00A0') return { text: '⍽', invisible: 'non-breaking space' };
  const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return { text: `⟨U+${code}⟩`, invisible: `invisible character U+${code}` };
};

/** A value split into its text and its invisible characters (line breaks, tabs, zero-width and control characters), each shown as a mark. */
export function showInvisible(value: string): ShownPart[] {
  const parts: ShownPart[] = [];
  let at = 0;
  for (const match of value.matchAll(INVISIBLE)) {
    if (match.index > at) parts.push({ text: value.slice(at, match.index) });
    parts.push(markOf(match[0]));
    at = match.index + match[0].length;
  }
  if (at < value.length) parts.push({ text: value.slice(at) });
  return parts;
}

/** A value as one line of text with its invisible characters shown as marks ("Flat 3⏎12 King Street"). */
export const visibleText = (value: string): string =>
  showInvisible(value)
    .map((p) => p.text)
    .join('');
