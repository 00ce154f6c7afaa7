/**
 * How a column heading is read as words: split at punctuation, spaces, camel case and digits; common
 * abbreviations written out; plurals made singular; filler words ("of", "customer") and units or
 * formats ("£", "GBP", "dd/mm/yyyy") dropped. Word order is not kept: the words are compared as a set.
 */

/** Abbreviations and spellings people use in headings, each with the word it stands for. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  acct: 'account',
  acc: 'account',
  accnt: 'account',
  ac: 'account',
  no: 'number',
  num: 'number',
  nbr: 'number',
  nr: 'number',
  numb: 'number',
  ref: 'reference',
  inits: 'initial',
  init: 'initial',
  tel: 'telephone',
  tele: 'telephone',
  phone: 'telephone',
  addr: 'address',
  adr: 'address',
  dt: 'date',
  qty: 'quantity',
  desc: 'description',
  descr: 'description',
  mfr: 'manufacturer',
  mfg: 'manufacturer',
  manuf: 'manufacturer',
  color: 'colour',
  col: 'colour',
  pcode: 'postcode',
  prem: 'premium',
  val: 'value',
  purch: 'purchase',
  deliv: 'delivery',
  del: 'delivery',
  inv: 'invoice',
  ord: 'order',
  tot: 'total',
  amt: 'amount',
  mob: 'mobile',
  cust: 'customer',
  lineitem: 'item',
  cert: 'certificate',
  pol: 'policy',
  cnty: 'county',
  lname: 'last name',
  dop: 'purchase date',
  dispatch: 'despatch',
  dispatched: 'despatched',
  // The kinds of goods a partner sells name the item ("Bed/Sofa", "Sofa Price").
  sofa: 'item',
  settee: 'item',
  couch: 'item',
  bed: 'item',
  mattress: 'item',
  chair: 'item',
  armchair: 'item',
  recliner: 'item',
  suite: 'item',
  furniture: 'item',
};

/** Words that say nothing about the field: dropped before comparing. */
const FILLERS = new Set([
  'the',
  'of',
  'a',
  'an',
  'and',
  'or',
  'for',
  'in',
  'on',
  'customer',
  'client',
  'insured',
  'policyholder',
  'billing',
  'bill',
  'buyer',
  'purchaser',
  'mailing',
  'contact',
  'your',
  'our',
]);

/** Units, currencies and date formats written into headings ("Total value (£)", "Date dd/mm/yyyy"). */
const UNITS = new Set([
  'gbp',
  'eur',
  'usd',
  'pound',
  'dd',
  'mm',
  'yy',
  'yyyy',
  'ddmmyy',
  'ddmmyyyy',
  'mmddyyyy',
  'yyyymmdd',
  'required',
  'optional',
  'mandatory',
  'similar',
  'equivalent',
]);

/** Words a heading may hold beside the ones its field is known by ("Premium amount"). */
export const SOFT_WORDS: ReadonlySet<string> = new Set([
  'amount',
  'detail',
  'info',
  'data',
  'field',
  'daytime',
  'evening',
  'work',
  'home',
  'main',
  'primary',
  'insurance',
  'charged',
  'payable',
]);

/**
 * Words that name whose details a heading holds, with what their number alone is: "Customer No" is
 * the customer's reference, "Contact Number" a telephone number.
 */
const PARTY_NUMBER: Readonly<Record<string, string>> = {
  customer: 'reference',
  client: 'reference',
  insured: 'reference',
  policyholder: 'reference',
  buyer: 'reference',
  purchaser: 'reference',
  contact: 'telephone',
};

/** Honorifics: a heading made of them only ("Mr/Mrs/Miss") is the title. */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'mx']);

/** Words that name an address set: the delivery address's, or the invoice address's (the customer's). */
const SET_WORDS = {
  delivery: new Set(['delivery', 'deliv', 'del', 'deliver', 'shipping', 'ship', 'shipment', 'recipient', 'consignee']),
  invoice: new Set(['invoice', 'inv', 'bill', 'billing', 'sold', 'po']),
};

/**
 * The heading's raw words without those naming the delivery (or invoice) address, or null when it
 * names none: "Shipping Zip" → ["zip"], "Post to Postcode" → ["postcode"], "Inv Town" → ["town"].
 */
export function setWords(text: string, set: keyof typeof SET_WORDS): string[] | null {
  const words = SET_WORDS[set];
  const post = set === 'delivery' ? 'post' : 'invoice';
  const raw = rawWords(text);
  const marked = raw.map(
    (w, i) =>
      words.has(w) ||
      (w === post && raw[i + 1] === 'to') ||
      (w === 'to' && i > 0 && (words.has(raw[i - 1]!) || raw[i - 1] === post)),
  );
  return marked.some(Boolean) ? raw.filter((_, i) => !marked[i]) : null;
}

/** A word without a plural "s" ("seats" → "seat"); "address", "status" and short words stay. */
function singular(word: string): string {
  return word.length > 3 && /[^su]s$/.test(word) && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The raw words of a text: lower case, split at anything but letters and digits, at camel case and at digits. */
export function rawWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      // "Premium inc IPT", "Price incl. VAT": the amount as paid; "ex VAT" stays and is not matched.
      .replace(/\b(?:inc|incl|including)\b\.?\s*(?:ipt|vat|tax)\b/gi, ' ')
      .replace(/\bp[\s./]*code\b/gi, ' pcode ')
      .replace(/\bd\.?\s*o\.?\s*p\b\.?/gi, ' dop ')
      // "Paid at", "createdAt": a time stamp, read as a date.
      .replace(/(?<=\p{L})(?:[\s_-]+(?:at|At|AT)|At)$/u, ' date')
      .replace(/#/g, ' no ')
      // "1st Line", "2nd line": the ordinal written out.
      .replace(/\b1st\b/gi, ' first ')
      .replace(/\b2nd\b/gi, ' second ')
      // "Email Add.", "Add 1": an address, never "Add on".
      .replace(/\badd\b(?=\.|\s*\d|\s*$)/gi, ' addr ')
      .replace(/\ba\/c\b/gi, ' account ')
      .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu}{2,})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
  );
}

/** Reads headings as words, knowing a vocabulary (the words the fields are known by) to join and split on. */
export class HeadingReader {
  private readonly known: Set<string>;

  constructor(vocabulary: Iterable<string>) {
    this.known = new Set([...vocabulary, ...Object.keys(ABBREVIATIONS), ...FILLERS, ...UNITS, ...SOFT_WORDS]);
  }

  /** Splits a run-together word ("POLICYNO", "accountcode") into known words, fewest first; null if it cannot. */
  private split(word: string): string[] | null {
    const best: Array<string[] | null> = [[]];
    for (let end = 1; end <= word.length; end++) {
      best[end] = null;
      for (let start = Math.max(0, end - 20); start <= end - 2; start++) {
        const piece = word.slice(start, end);
        const before = best[start];
        if (before && this.known.has(piece) && (!best[end] || before.length + 1 < best[end]!.length)) {
          best[end] = [...before, piece];
        }
      }
    }
    return best[word.length] ?? null;
  }

  /**
   * The words of a heading, as a sorted list, and whether an abbreviation was written out to read it.
   * Neighbours that make a known word are joined ("e mail" → "email", "post code" → "postcode").
   */
  read(text: string): { words: string[]; expanded: boolean } {
    const raw = rawWords(text);
    const joined: string[] = [];
    for (let i = 0; i < raw.length; i++) {
      const pair = raw[i]! + (raw[i + 1] ?? '');
      if (i + 1 < raw.length && this.known.has(pair) && !ABBREVIATIONS[pair]) {
        joined.push(pair);
        i++;
      } else joined.push(raw[i]!);
    }
    let expanded = false;
    let party: string | undefined;
    const words: string[] = [];
    for (const word of joined) {
      const pieces =
        this.known.has(word) || this.known.has(singular(word)) || /^\p{N}+$/u.test(word)
          ? [word]
          : (this.split(word) ?? [word]);
      for (const piece of pieces) {
        const one = singular(piece);
        const full = ABBREVIATIONS[piece] ?? ABBREVIATIONS[one];
        if (full) expanded = true;
        for (const canonical of (full ?? one).split(' ')) {
          party = PARTY_NUMBER[canonical] ?? party;
          if (!FILLERS.has(canonical) && !UNITS.has(canonical)) words.push(canonical);
        }
      }
    }
    // "Customer No", "Client ID": the customer's number is the reference; "Contact No" a telephone.
    const only = words.length === 1 ? words[0] : undefined;
    if (party && (only === 'number' || (only === 'id' && party === 'reference')))
      return { words: [party], expanded: true };
    if (words.length > 0 && words.every((w) => HONORIFICS.has(w))) return { words: ['title'], expanded: true };
    return { words: [...new Set(words)].sort(), expanded };
  }
}
