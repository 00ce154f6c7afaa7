import { mkdirSync } from 'node:fs';
import { ENTRY_SECTIONS, type EntryField } from '@shared/entry/fields';
import { expect, test } from './support/harness';

mkdirSync('test-results/screens', { recursive: true });

const TYPED: Partial<Record<EntryField, string>> = {
  account_code: 'ACME01',
  reference: 'KEY-1',
  policy: 'FURN-PLUS',
  total_seats: '3',
  total_value: '£1,299.5',
  policy_premium: '89.9',
  title: 'Mrs',
  initials: 'J',
  surname: 'Smith',
  address1: '1 High Street',
  town: 'Leeds',
  postcode: 'ls1 4ap',
  email: 'j.smith@example.co.uk',
  telephone: '0113 496 0000',
  description: 'Three-seat sofa',
  colour: 'Slate',
  purchase_date: '11022026',
  order_number: 'ORD-1',
};

test('an entry keyed by keyboard only is submitted, shows its recordid and is journaled', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await expect(page.locator('#field-account_code')).toBeFocused();
  for (const field of ENTRY_SECTIONS.flatMap((s) => s.fields)) {
    const value = TYPED[field];
    if (value) await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await expect(page.locator('#field-total_value')).toHaveValue('1299.50');
  await expect(page.locator('#field-postcode')).toHaveValue('LS1 4AP');
  await expect(page.locator('#field-purchase_date')).toHaveValue('11/02/2026');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
  const stored = new Map(desk.sandbox.records[0]?.parts);
  expect(stored.get('total_value')).toBe('1299.50');
  expect(stored.get('policy_premium')).toBe('89.90');
  expect(stored.get('purchase_date')).toBe('2026-02-11');
  expect(stored.get('delivery_date')).toBe('');
  expect(stored.get('order_number')).toBe('ORD-1');
  expect(stored.get('colour')).toBe('Slate');
  expect(await desk.core.journal.get(1)).toMatchObject({ state: 'accepted', recordid: 100001, reference: 'KEY-1' });
  await page.screenshot({ path: 'test-results/screens/new-entry-accepted.png', fullPage: true });
});

test('invalid fields show inline errors as they are left, and nothing is sent', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await page.locator('#field-postcode').fill('12345');
  await page.locator('#field-postcode').press('Tab');
  await expect(page.locator('#field-postcode-error')).toHaveText('Enter a UK postcode such as SW1A 1AA');
  await page.locator('#field-email').fill('not-mail');
  await page.keyboard.press('Control+Enter');
  const summary = page.getByRole('alert').filter({ hasText: 'need attention' });
  await expect(summary).toContainText('Enter the account code');
  await expect(summary).toContainText('Enter an e-mail address such as name@example.co.uk');
  await expect(page.locator('#field-account_code')).toBeFocused();
  await expect(page.locator('#field-account_code')).toHaveAttribute('aria-invalid', 'true');
  expect(desk.sandbox.records).toHaveLength(0);
  expect((await desk.core.journal.list({ limit: 1 })).total).toBe(0);
  await page.screenshot({ path: 'test-results/screens/new-entry-errors.png', fullPage: true });
});

async function fillMinimal(desk: { page: import('@playwright/test').Page }, reference = 'REF-9') {
  const { page } = desk;
  await page.locator('#field-account_code').fill('ACME01');
  await page.locator('#field-reference').fill(reference);
  await page.locator('#field-policy').fill('P-1');
  await page.locator('#field-surname').fill('Jones');
  await page.locator('#field-postcode').fill('M1 1AE');
}

test('the service’s 400 shows its messages at the fields; its state reads alike in New entry and the Journal', async ({
  desk,
}) => {
  const sandboxProfile = desk.core.profiles.get('Sandbox')!;
  desk.core.profiles.put({ ...sandboxProfile, fieldRules: { surname: { required: false } } });
  const { page } = desk;
  await desk.open();
  await fillMinimal(desk);
  await page.locator('#field-surname').fill('');
  await page.getByRole('button', { name: 'Submit entry' }).click();
  await expect(page.locator('#field-surname-error')).toHaveText('Required');
  await expect(page.getByRole('status', { name: 'Result' })).toContainText('Rejected by the service');
  await expect(page.getByRole('status', { name: 'Result' })).toContainText('Correct the fields marked in red');
  expect((await desk.core.journal.get(1))?.state).toBe('rejected');
  // The same state word in the session strip and the Journal.
  const strip = page.getByRole('table', { name: /this session/i });
  await expect(strip.getByRole('row').nth(1)).toContainText('Rejected: correct it');
  await desk.open('#/journal?id=1');
  await expect(page.getByRole('region', { name: 'Journal #1' }).locator('.state-chip').first()).toHaveText('Rejected');
});

test('a possible duplicate must be confirmed before it is sent', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await fillMinimal(desk);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
  await page.getByRole('button', { name: /New entry keeping account and order details/ }).click();
  await expect(page.locator('#field-account_code')).toHaveValue('ACME01');
  await expect(page.locator('#field-surname')).toHaveValue('');
  await fillMinimal(desk);
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Possible duplicate' });
  await expect(dialog).toContainText('100001');
  expect(desk.sandbox.records).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(page.getByTestId('recordid')).toHaveText('100002');
  expect(desk.sandbox.records).toHaveLength(2);
});

test('a half-typed draft survives a reload', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await page.locator('#field-surname').fill('Half-typ');
  await page.locator('#field-town').fill('York');
  await expect
    .poll(async () => (await desk.core.journal.drafts.get('new-entry'))?.payload)
    .toMatchObject({ surname: 'Half-typ', town: 'York' });
  await page.reload();
  await expect(page.locator('#field-surname')).toHaveValue('Half-typ');
  await expect(page.locator('#field-town')).toHaveValue('York');
  await expect(page.getByText('Draft restored')).toBeVisible();
});

test('the result is announced in a status region that is there before the first submit; the title counts errors', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open();
  const status = page.getByRole('status', { name: 'Result' });
  await expect(status).toBeAttached();
  await expect(status).toHaveText('');
  await expect(page).toHaveTitle('New entry – Feed Desk');
  await page.locator('#field-postcode').fill('12345');
  await page.locator('#field-email').fill('not-mail');
  await page.locator('#field-email').press('Tab');
  // Postcode and E-mail; Account code, left empty, says nothing until a submit.
  await expect(page).toHaveTitle('New entry (2 errors) – Feed Desk');

  desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 502, store: true } });
  await fillMinimal(desk);
  await page.locator('#field-email').fill('');
  await page.keyboard.press('Control+Enter');
  await expect(status).toContainText('Unknown: the entry was sent');
  await expect(status).toContainText(
    'Do not key this entry again: a supervisor will check whether the service stored it',
  );
  await expect(status).not.toContainText('502');
  await expect(page).toHaveTitle('New entry – Feed Desk');
});

test('"required" waits for a submit; a malformed value shows on leaving; an error reads at the label’s size, in bold', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open();
  const account = page.locator('#field-account_code');
  await expect(account).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator('#field-account_code-error')).toHaveCount(0);
  await expect(account).not.toHaveAttribute('aria-invalid', 'true');

  await page.locator('#field-purchase_date').fill('31/02/2026');
  await page.locator('#field-purchase_date').press('Tab');
  await expect(page.locator('#field-purchase_date-error')).toHaveText('February 2026 has only 28 days');

  await page.keyboard.press('Control+Enter');
  const error = page.locator('#field-account_code-error');
  await expect(error).toHaveText('Enter the account code');
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  const looks = await page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    const [label, message, input] = [
      'label[for="field-account_code"]',
      '#field-account_code-error',
      '#field-account_code',
    ].map(style);
    return {
      labelSize: parseFloat(label!.fontSize),
      errorSize: parseFloat(message!.fontSize),
      errorWeight: Number(message!.fontWeight),
      errorColour: message!.color,
      border: input!.borderTopColor,
    };
  });
  expect(looks.errorSize).toBeGreaterThanOrEqual(looks.labelSize);
  expect(looks.errorWeight).toBeGreaterThanOrEqual(700);
  expect(looks.border).toBe(looks.errorColour);
});

test('a date typed correctly but refused by the service (the profile’s wire format) sends the clerk to a supervisor', async ({
  desk,
}) => {
  desk.sandbox.settings.dateFormat = 'DD/MM/YYYY';
  const { page } = desk;
  await desk.open();
  await fillMinimal(desk);
  await page.locator('#field-purchase_date').fill('11/02/2026');
  await page.keyboard.press('Control+Enter');
  const status = page.getByRole('status', { name: 'Result' });
  await expect(status).toContainText('Rejected by the service');
  await expect(status).toContainText('Do not retype the date: call a supervisor');
  await expect(page.locator('#field-purchase_date-error')).toContainText('Typed correctly');
  await expect(page.locator('#field-purchase_date-error')).toContainText('call a supervisor');
  await expect(status).not.toContainText('Correct the fields');
});
