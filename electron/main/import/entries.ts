import {
  buildEntrySchema,
  issuesToFields,
  type Entry,
  type EntryInput,
  type EntryRules,
  type FieldErrors,
} from '@shared/entry/schema';
import type { ScreenDateOrder } from '@shared/entry/screen-date';
import {
  columnLetter,
  matchHeadings,
  rowInput,
  type ColumnMapping,
  type ColumnMatch,
  type RememberedMapping,
} from '@shared/import/columns';
import { repairLines, type LineRepair } from '@shared/import/repairs';
import { ENTRY_FIELDS, fieldKind, type EntryField } from '@shared/entry/fields';
import { dateOfDateTime, dateOfSerial } from '@shared/import/changes';
import { isSummaryRow } from './heading-row';
import { openTable } from './read-table';
import type { TableEncoding, TableInfo } from './table';

/**
 * One data row of an imported file, validated as an entry: `file` is what the file holds (mapped),
 * `input` what is validated (a person's correction, or the file's with the repairs chosen), `cells` the
 * row's cells as read, every column.
 */
export type ReadEntry = { row: number; line: number; input: EntryInput; file: EntryInput; cells: string[] } & (
  | { ok: true; entry: Entry; summary?: undefined }
  | { ok: false; fields: FieldErrors; summary?: undefined }
  /** A total or summary row (heading-row.ts): left out and listed, never checked as an entry. */
  | { ok: false; fields: FieldErrors; summary: true }
);

export interface ReadEntriesOptions {
  rules: EntryRules;
  /** Column → field; by default matched from the header (remembered choices first). */
  mapping?: ColumnMapping;
  remembered?: RememberedMapping;
  /** Choices given for headings (the command line's), before the remembered ones. */
  given?: RememberedMapping;
  /** The order of dates in the file; YYYY-MM-DD is always read too. */
  dateOrder: ScreenDateOrder;
  sheet?: string;
  encoding?: TableEncoding;
  /** The row of the headings (as a spreadsheet numbers it); found from the file when not given. */
  headerRow?: number;
  /** Rows a person corrected in place: row number → the input that replaces the row's cells. */
  fixes?: ReadonlyMap<number, EntryInput>;
  /** Repairs of line breaks in single-line fields a person chose (none by default). */
  repairs?: readonly LineRepair[];
}

const DATE_FIELDS = ENTRY_FIELDS.filter((field) => fieldKind(field) === 'date');

/**
 * The input with a time of day after a date left out (the service takes the date), and a
 * spreadsheet's day number read as its date; the check says so per column and lists the latter.
 */
function datesAsDates(input: EntryInput): EntryInput {
  let out = input;
  for (const field of DATE_FIELDS) {
    const value = String(input[field] ?? '');
    const date = dateOfDateTime(value) ?? dateOfSerial(value);
    if (date !== undefined) out = { ...out, [field]: date };
  }
  return out;
}

/**
 * Rows a stray quote mark merged: a quoted cell whose later lines hold as many delimiters as rows of
 * the file do is most likely rows of their own, swallowed up to the next quote mark. Says which lines.
 */
function mergedLines(cells: readonly string[], line: number, delimiter: string | undefined, width: number) {
  if (!delimiter || width < 3) return undefined;
  const breaks = cells.reduce((sum, cell) => sum + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  if (breaks === 0) return undefined;
  const rowLike = cells.some((cell) =>
    cell
      .split(/\r\n|\r|\n/)
      .slice(1)
      .some((text) => text.split(delimiter).length - 1 >= Math.floor(width / 2)),
  );
  return rowLike
    ? `Lines ${line}–${line + breaks} were read as one row: a quote mark on line ${line} opens a cell that ` +
        `only closes on line ${line + breaks}. Check the quote marks there.`
    : undefined;
}

/** The fields that tell one entry from another: a row with none of them and only numbers is a total. */
const IDENTIFYING: readonly EntryField[] = ['reference', 'policy', 'surname'];

/**
 * Opens a CSV or .xlsx file and validates its data rows one at a time, as they are read, against
 * the profile's rules. A row with more non-empty cells than the header has is refused at field `_`.
 */
export async function readEntries(
  path: string,
  options: ReadEntriesOptions,
): Promise<{ info: TableInfo; mapping: ColumnMapping; matches: ColumnMatch[]; entries: AsyncIterable<ReadEntry> }> {
  const { info, rows, samples } = await openTable(path, {
    sheet: options.sheet,
    encoding: options.encoding,
    headerRow: options.headerRow,
  });
  // The first rows' values, column by column, weigh in beside the headings.
  const byColumn = info.header.map((_, column) => samples.map((cells) => cells[column] ?? ''));
  const matches = matchHeadings(info.header, options.remembered, options.given, byColumn);
  const mapping = options.mapping ?? matches.map((m) => m.field);
  const schema = buildEntrySchema(options.rules, { dateOrder: options.dateOrder });
  const width = info.header.length;
  const identifying = mapping.flatMap((field, column) => (field && IDENTIFYING.includes(field) ? [column] : []));

  async function* entries(): AsyncGenerator<ReadEntry> {
    for await (const { row, line, cells, errors } of rows) {
      const fix = options.fixes?.get(row);
      const file = rowInput(cells, mapping);
      if (!fix && isSummaryRow(cells, identifying)) {
        yield {
          row,
          line,
          input: file,
          file,
          cells,
          ok: false,
          fields: { _: 'A total or summary row' },
          summary: true,
        };
        continue;
      }
      const input = datesAsDates(
        options.repairs?.length ? repairLines(fix ?? file, row, options.repairs) : (fix ?? file),
      );
      const used = fix || cells.length <= width ? 0 : cells.findLastIndex((cell) => cell.trim() !== '') + 1;
      const extra = used > width;
      const result = schema.safeParse(input);
      const fields: FieldErrors = result.success ? {} : issuesToFields(result.error.issues);
      if (extra) fields._ ??= `Row has ${used} cells, the header has ${width}`;
      const merged = fix ? undefined : mergedLines(cells, line, info.delimiter, width);
      if (merged) fields._ = merged;
      // A workbook cell showing an error (#N/A, #REF!) is never sent as text: the row waits for a fix.
      const broken = fix ? [] : (errors ?? []).filter((e) => mapping[e.column]);
      for (const e of broken)
        fields[mapping[e.column]!] = e.error
          ? `Cell ${columnLetter(e.column)}${row} shows the error ${e.error}: fix it in the workbook`
          : `Cell ${columnLetter(e.column)}${row} holds a formula with no value (an error such as #N/A, or never ` +
            'calculated): fix it in the workbook';
      if (result.success && !extra && broken.length === 0 && !merged)
        yield { row, line, input, file, cells, ok: true, entry: result.data };
      else yield { row, line, input, file, cells, ok: false, fields };
    }
  }
  return { info, mapping, matches, entries: { [Symbol.asyncIterator]: entries } };
}
