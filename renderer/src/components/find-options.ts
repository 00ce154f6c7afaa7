/** One choice of a combobox: its value, the words shown, and further words it is found by. */
export interface ComboOption<T extends string> {
  value: T;
  label: string;
  /** Other words that find it when typed (a field's name, say), beside the label. */
  words?: string;
  /** Said after the label in the list (required, where it is now). */
  note?: string;
}

/** Lower case, with runs of anything but letters and digits as one space: "Post_Code" reads "post code". */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The options that the typed text finds (from the start of a word of the label or the further
 * words: "seats" and "total s" find Total seats, "po" finds no "imported"), and which
 * of them to start on: the first whose label begins with the text, else the first found.
 */
export function findOptions<T extends string>(options: readonly ComboOption<T>[], typed: string) {
  const query = plain(typed);
  if (!query) return { found: options, first: -1 };
  const found = options.filter((o) => ` ${plain(o.label)} ${plain(o.words ?? '')}`.includes(` ${query}`));
  const start = found.findIndex((o) => plain(o.label).startsWith(query));
  return { found, first: start >= 0 ? start : found.length > 0 ? 0 : -1 };
}
