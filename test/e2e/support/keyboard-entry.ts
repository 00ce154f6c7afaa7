import type { Page } from '@playwright/test';
import { ENTRY_SECTIONS, type EntryField } from '@shared/entry/fields';

/** The New entry fields in tab order. */
export const TAB_ORDER: readonly EntryField[] = ENTRY_SECTIONS.flatMap((s) => s.fields);

/** A complete entry, every one of the 26 fields filled, as a clerk types it (dates DD/MM/YYYY without separators). */
export const FULL_ENTRY: Record<EntryField, string> = {
  account_code: 'ACME01',
  reference: 'KEY-1001',
  policy: 'FURN-PLUS',
  total_seats: '3',
  total_value: '1299.50',
  policy_premium: '89.90',
  title: 'Mrs',
  initials: 'JA',
  surname: 'Smith',
  address1: '1 High Street',
  address2: 'Flat 2',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 4AP',
  email: 'j.smith@example.co.uk',
  telephone: '0113 496 0000',
  description: 'Three-seat sofa',
  manufacturer: 'Comfy Co',
  model: 'Milan',
  colour: 'Slate',
  fabric: 'Linen',
  purchase_date: '11022026',
  delivery_date: '25022026',
  order_number: 'ORD-1001',
  invoice_number: 'INV-1001',
  sales_channel: 'Showroom',
};

/** The next entry of the same order for another customer: every field but the account and order details. */
export const FOLLOW_UP: Partial<Record<EntryField, string>> = {
  reference: 'KEY-1002',
  policy: 'FURN-PLUS-2',
  total_seats: '2',
  total_value: '849.00',
  policy_premium: '59.90',
  title: 'Mr',
  initials: 'R',
  surname: 'Patel',
  address1: '22 Mill Lane',
  address2: '',
  town: 'Bradford',
  county: 'West Yorkshire',
  postcode: 'BD1 1AA',
  email: 'r.patel@example.co.uk',
  telephone: '01274 960 123',
  description: 'Two-seat sofa',
  manufacturer: 'Comfy Co',
  model: 'Milan',
  colour: 'Moss',
  fabric: 'Velvet',
};

/**
 * A returning customer's next entry (the full entry's customer, a new order): keyed up to Postcode,
 * then Alt+F takes the customer's other details from the journal, then the rest is keyed.
 */
export const REPEAT_CUSTOMER: Partial<Record<EntryField, string>> = Object.fromEntries(
  Object.entries({ ...FULL_ENTRY, reference: 'KEY-1003', order_number: 'ORD-1003', invoice_number: 'INV-1003' }).filter(
    ([field]) => !['title', 'initials', 'address1', 'address2', 'town', 'county', 'email', 'telephone'].includes(field),
  ),
);

/** Keys pressed, split into data characters and the rest (Tab, Ctrl+Enter, Alt+K...). */
export interface KeyCount {
  data: number;
  other: number;
}

/** Types into the focused field and presses keys, counting every one. */
export function counter(page: Page) {
  const count: KeyCount = { data: 0, other: 0 };
  return {
    count,
    async type(text: string) {
      await page.keyboard.type(text);
      count.data += [...text].length;
    },
    async press(key: string) {
      await page.keyboard.press(key);
      count.other += 1;
    },
  };
}

/**
 * Keys `values` by keyboard from the focused field `from` onwards, one Tab between fields, typing
 * only fields present in `values`, stopping at the last of them. Returns the keys pressed.
 */
export async function keyFields(
  page: Page,
  values: Partial<Record<EntryField, string>>,
  from: EntryField = 'account_code',
): Promise<KeyCount> {
  const keys = counter(page);
  const order = TAB_ORDER.slice(TAB_ORDER.indexOf(from));
  const last = order.findLastIndex((f) => f in values);
  for (const [i, field] of order.slice(0, last + 1).entries()) {
    if (i > 0) await keys.press('Tab');
    const value = values[field];
    if (value) await keys.type(value);
  }
  return keys.count;
}
