/// <reference lib="dom" />
// Keying benchmark in headless Chromium: keys pressed for a full 26-field entry and for a
// "keep account and order details" follow-up, and for a returning customer's entry (Alt+F takes
// their details from the journal), driven by keyboard through the built New entry
// form against the real main handlers and the sandbox. Baseline, measured in the same run: the
// same data through a plain HTML form of 26 text inputs (one Tab per field, Enter submits).
// Needs a renderer build (npm run build). The last line is the figure the issue asks for.
import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import { startDeskBackend } from '../test/support/desk-backend';
import { CHROMIUM_LAUNCH } from '../test/support/chromium';
import {
  FOLLOW_UP,
  FULL_ENTRY,
  REPEAT_CUSTOMER,
  TAB_ORDER,
  counter,
  keyFields,
  type KeyCount,
} from '../test/e2e/support/keyboard-entry';

const RENDERER = 'out/renderer';
if (!existsSync(`${RENDERER}/index.html`)) throw new Error('Build the renderer first: npm run build');

const total = (k: KeyCount) => k.data + k.other;
const fail = (why: string): never => {
  throw new Error(`bench:keying: ${why}`);
};

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const backend = await startDeskBackend(page, RENDERER);

async function waitForRecordid(p: Page, recordid: number): Promise<void> {
  await p
    .getByTestId('recordid')
    .filter({ hasText: String(recordid) })
    .waitFor({ timeout: 10_000 });
}

/** What the sandbox stored for a record, by field. */
function stored(index: number): Map<string, string> {
  return new Map(backend.sandbox.records[index]?.parts ?? fail(`record ${index + 1} was not stored`));
}

// Baseline: a plain form, keyed the same way.
await page.setContent(
  `<form onsubmit="event.preventDefault(); document.title = 'sent'">${TAB_ORDER.map(
    (f) => `<input name="${f}" aria-label="${f}">`,
  ).join('')}<button>Send</button></form>`,
);
await page.locator('input').first().focus();
const plain = await keyFields(page, FULL_ENTRY);
await counter(page).press('Enter');
plain.other += 1;
if ((await page.title()) !== 'sent') fail('the plain form was not submitted');

// The app: a full entry from a fresh form, caret in Account code (where Alt+N leaves it).
await page.goto(`${backend.url}/index.html#/new-entry`);
await page.waitForFunction(() => document.activeElement?.id === 'field-account_code');
const full = await keyFields(page, FULL_ENTRY);
const submit = counter(page);
await submit.press('Control+Enter');
full.other += submit.count.other;
await waitForRecordid(page, 100001);

const first = stored(0);
for (const field of ENTRY_FIELDS) {
  const typed = FULL_ENTRY[field];
  const date = /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  const expected = date ? `${date[3]}-${date[2]}-${date[1]}` : typed;
  if (first.get(field) !== expected) fail(`${field} stored ${first.get(field)}, keyed ${typed}`);
}

// The follow-up: Alt+K keeps account and order details; only the fields that change are keyed.
const keep = counter(page);
await keep.press('Alt+K');
const followUp = await keyFields(page, FOLLOW_UP, 'reference');
await keep.press('Control+Enter');
followUp.other += keep.count.other;
await waitForRecordid(page, 100002);

const second = stored(1);
const kept = ENTRY_FIELDS.filter((f) => !(f in FOLLOW_UP));
for (const field of kept) {
  if (second.get(field) !== first.get(field)) fail(`the follow-up did not keep ${field}`);
}
for (const [field, value] of Object.entries(FOLLOW_UP)) {
  if (second.get(field) !== value) fail(`the follow-up stored ${field} = ${second.get(field)}, keyed ${value}`);
}
const touched = Object.keys(FOLLOW_UP).length;

// A returning customer: Alt+N, the fields up to Postcode, Alt+F once the offer shows, the rest.
const repeat = counter(page);
await repeat.press('Alt+N');
await page.waitForFunction(() => document.activeElement?.id === 'field-account_code');
const postcodeAt = TAB_ORDER.indexOf('postcode');
const upTo = (from: number, to: number) =>
  Object.fromEntries(TAB_ORDER.slice(from, to).flatMap((f) => (f in REPEAT_CUSTOMER ? [[f, REPEAT_CUSTOMER[f]]] : [])));
const before = await keyFields(page, upTo(0, postcodeAt + 1));
await page.getByRole('button', { name: /^Fill from #\d+ — Mrs JA Smith, 1 High Street/ }).waitFor({ timeout: 10_000 });
await repeat.press('Alt+F');
await repeat.press('Tab');
const after = await keyFields(page, upTo(postcodeAt + 1, TAB_ORDER.length), 'email');
await repeat.press('Control+Enter');
await waitForRecordid(page, 100003);
const repeated: KeyCount = {
  data: before.data + after.data,
  other: before.other + after.other + repeat.count.other,
};
const third = stored(2);
// The customer's details (not keyed) came from the first entry; of the rest, only the order's numbers changed.
const renewed = new Set<string>(['reference', 'order_number', 'invoice_number']);
for (const field of ENTRY_FIELDS) {
  const want = renewed.has(field) ? REPEAT_CUSTOMER[field] : first.get(field);
  if (third.get(field) !== want) fail(`the repeat customer's entry stored ${field} = ${third.get(field)}, not ${want}`);
}
if (total(repeated) > 0.75 * total(full))
  fail(`a repeat customer took ${total(repeated)} keys, over 3/4 of a full entry`);

await backend.close();
await browser.close();

const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log(
  `baseline (plain form of 26 inputs, same data): ${total(plain)} keys, overhead ${plain.other} (25 Tabs + Enter)`,
);
console.log(
  `full entry from a fresh form (caret in Account code): ${full.data} data characters + ${full.other} other keys ` +
    `(25 Tabs, Ctrl+Enter); ${ratio(total(full), total(plain))}× the baseline`,
);
console.log(
  `follow-up (Alt+K, ${touched} changed fields keyed, ${kept.length} kept, Ctrl+Enter): ` +
    `${followUp.data} data characters + ${followUp.other} other keys; ${ratio(total(followUp), total(full))}× a full entry`,
);
console.log(
  `repeat customer (Alt+N, ${Object.keys(REPEAT_CUSTOMER).length} fields keyed, Alt+F fills the customer's ` +
    `other 8, Ctrl+Enter): ${repeated.data} data characters + ${repeated.other} other keys; ` +
    `${ratio(total(repeated), total(full))}× a full entry (target ≤ 0.75×)`,
);
console.log(
  `full entry ${total(full)} keys, overhead ${full.other}; follow-up ${total(followUp)} keys, overhead ${followUp.other}; ` +
    `repeat customer ${total(repeated)} keys, overhead ${repeated.other}`,
);
