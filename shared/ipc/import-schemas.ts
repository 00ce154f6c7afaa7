// The IPC schemas of the Bulk import screen (imports:*), apart from the channel map that uses them.
import { z } from 'zod';
import { ENTRY_FIELDS } from '../entry/fields';
import { SCREEN_DATE_ORDERS } from '../entry/screen-date';
import { JOURNAL_STATES } from '../journal/types';

const text = (max: number) => z.string().max(max);
const profileName = text(60).min(1);
const stateCounts = z.partialRecord(z.enum(JOURNAL_STATES), z.number().int());

/** A row's input as the page sends it. */
export const entryInput = z.partialRecord(z.enum(ENTRY_FIELDS), text(10_000));

/** A data row number of a file (the header is row 1). */
export const fileRow = z.number().int().min(2).max(10_000_000);
/** A batch named by id. */
export const batchRef = z.strictObject({ batch: z.number().int().min(1) });

const repairRows = z.array(fileRow).max(10_000).optional();
/** A repair of line breaks a person chose (shared/import/repairs.ts). */
const lineRepair = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('join'),
    separator: text(10),
    field: z.enum(ENTRY_FIELDS).optional(),
    rows: repairRows,
  }),
  z.strictObject({ kind: z.literal('address2'), rows: repairRows }),
]);

/** A chosen file to check or import, with the person's choices. */
export const importRequest = z.strictObject({
  /** The handle imports:choose gave. */
  file: text(100).min(1),
  profile: profileName,
  dateOrder: z.enum(SCREEN_DATE_ORDERS),
  sheet: text(200).optional(),
  /** The row of the headings, as a spreadsheet numbers it; found from the file when not given. */
  headerRow: z.number().int().min(1).max(10_000_000).optional(),
  /** Field per column of the file (null: not imported); by default matched by header. */
  mapping: z.array(z.enum(ENTRY_FIELDS).nullable()).max(500).optional(),
  /** Rows corrected in place: row number and the whole corrected input. */
  fixes: z
    .array(z.strictObject({ row: fileRow, input: entryInput }))
    .max(10_000)
    .optional(),
  /** Repairs of line breaks in single-line fields the person chose, for some rows or (no rows) every row. */
  repairs: z.array(lineRepair).max(100).optional(),
  /** The batch this file continues (a corrected version of its file). */
  continueBatch: z.number().int().min(1).optional(),
});

/** A row repeating an earlier row of the file or a journal entry. */
export const rowDuplicateSchema = z.strictObject({
  row: z.number().int(),
  line: z.number().int(),
  reference: z.string(),
  ofRow: z.number().int().optional(),
  ofEntry: z
    .strictObject({
      id: z.number().int(),
      state: z.enum(JOURNAL_STATES),
      recordid: z.number().int().nullable(),
      operator: z.string(),
      createdAt: z.string(),
    })
    .optional(),
});

/** A batch as the screens show it. */
export const batchViewSchema = z.strictObject({
  id: z.number().int(),
  profile: z.string(),
  fileName: z.string(),
  operator: z.string(),
  createdAt: z.string(),
  fileRows: z.number().int(),
  paused: z.boolean(),
});
export type BatchView = z.infer<typeof batchViewSchema>;

/** Where a batch stands, every row of its file accounted for. */
export const batchStatusSchema = z.strictObject({
  batch: batchViewSchema,
  counts: stateCounts,
  total: z.number().int(),
  remaining: z.number().int(),
  /** Rows of the file not sent, by why: every row of the file is in the journal or here. */
  leftOut: z.strictObject({ invalid: z.number().int(), duplicate: z.number().int(), skipped: z.number().int() }),
  fileRows: z.number().int(),
});
export type BatchStatusView = z.infer<typeof batchStatusSchema>;

/** What a check of a file found (nothing written). */
export const importCheckSchema = z.strictObject({
  fileName: z.string(),
  kind: z.enum(['csv', 'xlsx']),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  header: z.array(z.string()),
  /** The row the headings were read from (as a spreadsheet numbers it), and the filled rows above it. */
  headerRow: z.number().int(),
  titleRows: z.number().int(),
  /** Total and summary rows, left out: never checked as entries. */
  summaries: z.array(z.strictObject({ row: z.number().int(), cells: z.array(z.string()) })),
  mapping: z.array(z.enum(ENTRY_FIELDS).nullable()),
  /** Per column, the field the heading was taken to mean by a guess (shown as one); null for the others. */
  guessed: z.array(z.enum(ENTRY_FIELDS).nullable()),
  /** Per column, the first value the file holds in it ('' when none), to recognise the column by. */
  samples: z.array(z.string()),
  missing: z.array(z.enum(ENTRY_FIELDS)),
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  problems: z.array(
    z.strictObject({
      row: z.number().int(),
      line: z.number().int(),
      fields: z.record(z.string(), z.string()),
      input: entryInput,
    }),
  ),
  duplicateCount: z.number().int(),
  duplicates: z.array(rowDuplicateSchema),
  earlier: z.strictObject({ batch: batchViewSchema, counts: stateCounts }).nullable(),
  already: z.number().int(),
  /** An earlier batch of a file of the same name this file may continue. */
  continuable: batchViewSchema.nullable(),
  /** Values sent otherwise than the file writes them: as in the file → as it will be sent. */
  changes: z.array(
    z.strictObject({ row: z.number().int(), field: z.enum(ENTRY_FIELDS), file: z.string(), sent: z.string() }),
  ),
  changedRows: z.number().int(),
  /** Values only written the service's way (money as 100.00, dates as YYYY-MM-DD): one line, not listed. */
  formatted: z.number().int(),
  /** Date fields whose column holds a time of day too: the dates are sent, the times are not. */
  timesNotSent: z.array(z.enum(ENTRY_FIELDS)),
  serialDates: z.array(z.enum(ENTRY_FIELDS)),
  /** Date fields whose values the chosen order cannot read: one as found, and the orders that would. */
  dateHints: z.array(
    z.strictObject({ field: z.enum(ENTRY_FIELDS), found: z.string(), orders: z.array(z.enum(SCREEN_DATE_ORDERS)) }),
  ),
});
export type ImportCheckView = z.infer<typeof importCheckSchema>;
