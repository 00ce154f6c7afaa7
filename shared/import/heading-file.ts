import type { EntryField } from '../entry/fields';
import { rawWords, setWords } from './heading-words';

/**
 * How a column came to feed its field: chosen on the command line, remembered from the person's
 * last file, its heading spells the field's name or label, is one of the field's synonyms (or
 * abbreviates the name), or a guess from part of a heading. A guess is shown as one.
 */
export type MatchHow = 'given' | 'remembered' | 'name' | 'label' | 'synonym' | 'guess';

/** What a heading names: a field (from the delivery address when `delivery` is set), or the fields it could name. */
export type HeadingReading = { field: EntryField; how: MatchHow; delivery?: true } | { candidates: EntryField[] };

const fieldOf = (reading: HeadingReading | null | undefined) =>
  reading && 'field' in reading ? reading.field : undefined;

/** The heading's words without those naming the delivery or invoice address, and whether it named the delivery one. */
function ownWords(text: string): { words: string[]; delivery: boolean } {
  const delivery = setWords(text, 'delivery');
  return { words: delivery ?? setWords(text, 'invoice') ?? rawWords(text), delivery: !!delivery };
}

/**
 * Readings that depend on the other headings of the file, made in place:
 * - "Salutation" (or "Mr/Mrs") beside "Title": the title is the salutation, and "Title" a job title;
 * - "House No/Name" beside "Street": the house is the first line of the address and the street the second;
 * - "State" (or "State Code") beside a town or postcode is the county, as a guess; alone it may be an
 *   order's state;
 * - "Cover" beside a colour (and no fabric) is the upholstery's fabric, as a guess; alone it may be the
 *   insurance cover.
 * A file of sales has a column of the value, premium, item, order or invoice number, or date of purchase:
 * - there, the date an invoice, application or record was made ("Invoice Date", "Created at") is the
 *   date of purchase, as a guess, when no column gives a date of purchase or delivery (beside a date of
 *   delivery, a record's creation or an application still is: both are made at the sale, whereas an
 *   invoice may be raised at despatch); alone, or beside a date of purchase, it may be any date;
 * - there, an order's "Subtotal" (the goods before delivery), else its or an invoice's one total
 *   ("Total", "Gross", "Invoice Total"), is the value, as a guess, when no column gives an item's
 *   price or value.
 */
export function readInFile(header: readonly string[], read: Array<HeadingReading | null>): void {
  const words = header.map((text) => rawWords(text));
  const reads = (field: EntryField, test: (w: string[]) => boolean) =>
    read.flatMap((r, column) => (fieldOf(r) === field && test(words[column]!) ? [column] : []));

  const salutation = reads('title', (w) => !w.includes('title'));
  if (salutation.length > 0)
    for (const column of reads('title', (w) => w.includes('title'))) read[column] = { candidates: ['title'] };

  const house = reads('address1', (w) => (w.includes('house') || w.includes('building')) && !w.includes('street'));
  const noSecondLine = !read.some((r) => fieldOf(r) === 'address2');
  if (house.length > 0 && noSecondLine) {
    for (const column of reads('address1', (w) => w.includes('street') && !w.includes('house'))) {
      const r = read[column] as { delivery?: true };
      read[column] = { field: 'address2', how: 'guess', ...(r.delivery ? { delivery: true as const } : {}) };
    }
  }

  // "Cover" beside a colour is the upholstery; alone it may be the insurance cover.
  const cover = words.flatMap((w, column) => (w.join(' ') === 'cover' && !read[column] ? [column] : []));
  const furniture = read.some((r) => fieldOf(r) === 'colour') && !read.some((r) => fieldOf(r) === 'fabric');
  if (furniture && cover.length === 1) read[cover[0]!] = { field: 'fabric', how: 'guess' };

  saleDate(header, read);
  subtotal(header, read);
  const place = read.some((r) => fieldOf(r) === 'town' || fieldOf(r) === 'postcode');
  if (!place || read.some((r) => fieldOf(r) === 'county')) return;
  header.forEach((text, column) => {
    if (read[column]) return;
    const own = ownWords(text);
    if (own.words.join(' ') === 'state' || own.words.join(' ') === 'state code')
      read[column] = { field: 'county', how: 'guess', ...(own.delivery ? { delivery: true as const } : {}) };
  });
}

/** Words that, with "date", name when a sale's record was made: "Invoice Date", "Created at", "Close Date". */
const RECORD_WORDS = new Set(['invoice', 'inv', 'application', 'created', 'close', 'closed', 'transaction']);
/** Fields whose column says the file's rows are sales. */
const SALE_FIELDS: ReadonlySet<EntryField> = new Set([
  'total_value',
  'policy_premium',
  'description',
  'order_number',
  'invoice_number',
  'purchase_date',
]);

/** The one column naming when a sale's record was made, read as the date of purchase in a file of sales without a date. */
function saleDate(header: readonly string[], read: Array<HeadingReading | null>): void {
  const fields = read.map(fieldOf);
  if (!fields.some((f) => f && SALE_FIELDS.has(f))) return;
  if (fields.includes('purchase_date')) return;
  // An order is created, and finance applied for, at the sale (beside a date of delivery too); an
  // invoice may be raised at despatch.
  const placed = (words: string[]) => words.includes('created') || words.includes('application');
  const record = header.flatMap((text, column) => {
    const words = rawWords(text);
    const made = words.length === 2 && words.includes('date') && words.some((w) => RECORD_WORDS.has(w));
    return made && !read[column] && (!fields.includes('delivery_date') || placed(words)) ? [column] : [];
  });
  if (record.length === 1) read[record[0]!] = { field: 'purchase_date', how: 'guess' };
}

/** Words of an order's or invoice's total: "Gross", "Invoice Total", "Order Total (inc tax)". */
const TOTAL_WORDS = new Set(['gross', 'total', 'invoice', 'order', 'grand']);

/**
 * The one "Subtotal" column, else the one order or invoice total ("Total", "Gross"), read as the
 * value in a file of sales without another.
 */
function subtotal(header: readonly string[], read: Array<HeadingReading | null>): void {
  const fields = read.map(fieldOf);
  if (fields.includes('total_value') || !fields.some((f) => f && SALE_FIELDS.has(f))) return;
  const open = (test: (words: string[]) => boolean) =>
    header.flatMap((text, column) => (!fieldOf(read[column]) && test(rawWords(text)) ? [column] : []));
  const sub = open((w) => w.join('') === 'subtotal');
  const total = open((w) => w.every((x) => TOTAL_WORDS.has(x)) && (w.includes('total') || w.join() === 'gross'));
  const one = sub.length === 1 ? sub : sub.length === 0 && total.length === 1 ? total : [];
  if (one.length === 1) read[one[0]!] = { field: 'total_value', how: 'guess' };
}
