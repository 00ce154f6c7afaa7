// Where a file's headings are: partners' files often open with a title block (an insurer's name, the
// period, a blank line) above the row of headings, and end with a total row.

/** How many of the first non-blank rows are looked at for the headings. */
export const HEADING_LOOK_AHEAD = 30;

/** A cell that reads as a value, not as a heading: a number, an amount, a date or a time. */
const VALUE = /^[-+(]?\s*[£$€]?\s*[-+]?\d[\d,.\s]*%?\)?$|^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}([ T]\d{1,2}:\d{2}.*)?$/;

const filled = (cells: readonly string[]) => cells.map((cell) => cell.trim()).filter((cell) => cell !== '');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Whether a row reads as the headings of the rows after it: two or more cells, none a value (a number,
 * amount or date), nearly all different, across most of the columns the following rows fill. A title
 * line ("Acme Insurance — bordereau") fills one cell; a row of a title block ("Period", "November 2026")
 * fills a few of many columns.
 */
export function readsAsHeadings(cells: readonly string[], following: readonly (readonly string[])[]): boolean {
  const texts = filled(cells);
  if (texts.length < 2 || texts.some((cell) => VALUE.test(cell))) return false;
  if (new Set(texts.map((cell) => cell.toLowerCase())).size < texts.length * 0.8) return false;
  if (following.length === 0) return true;
  return texts.length >= Math.ceil(median(following.map((row) => filled(row).length)) * 0.6);
}

/**
 * The index of the heading row among a file's first non-blank rows: the first that reads as headings
 * of the rows after it, or the first row when none does (a file of values only is read as it always was).
 */
export function findHeadingRow(rows: readonly (readonly string[])[]): number {
  for (let i = 0; i < rows.length; i += 1) {
    if (readsAsHeadings(rows[i]!, rows.slice(i + 1, i + 11))) return i;
  }
  return 0;
}

/** A label of a total or summary row: TOTAL, Totals, Sum, Subtotal, Grand total (with a colon or not). */
const TOTAL_LABEL = /^(grand\s+|sub[-\s]?)?(total|totals|sum|summe|count)\s*:?$/i;

/** A cell that reads as a number or an amount (not a date). */
const NUMBER = /^[-+(]?\s*[£$€]?\s*[-+]?\d[\d,.\s]*%?\)?$/;

/**
 * Whether a data row is a total or summary row rather than an entry: its first filled cell is a total's
 * label and every other filled cell a number or amount; or it holds only numbers and nothing in the
 * columns that identify an entry (`identifying`: the columns of the reference, policy and surname).
 * Such rows are left out of the import and listed as left out, never checked as entries.
 */
export function isSummaryRow(cells: readonly string[], identifying: readonly number[]): boolean {
  const texts = filled(cells);
  if (texts.length === 0) return false;
  const [first, ...rest] = texts;
  if (TOTAL_LABEL.test(first!)) return rest.every((cell) => NUMBER.test(cell));
  return (
    identifying.length > 0 &&
    identifying.every((column) => (cells[column] ?? '').trim() === '') &&
    texts.every((cell) => NUMBER.test(cell))
  );
}
