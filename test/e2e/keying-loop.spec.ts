// The clerk's loop between entries (issue 8, defects 1-5 and 7): each test failed on the form before it.
import { userInfo } from 'node:os';
import type { Page } from '@playwright/test';
import { expect, test, type Desk } from './support/harness';
import { keyFields } from './support/keyboard-entry';

const journalCount = async (desk: Desk) => (await desk.core.journal.list({ limit: 1 })).total;

/** Keys the five required fields by keyboard from Account code, ending in Postcode. */
async function keyMinimal(page: Page, reference: string, surname = 'Jones') {
  await page.locator('#field-account_code').focus();
  // Each reference its own policy number: the duplicate question asks about the policy.
  await keyFields(page, { account_code: 'ACME01', reference, policy: `P-${reference}`, surname, postcode: 'M1 1AE' });
}

const dialog = (page: Page, name: string) =>
  page.locator('dialog, [role=dialog], [role=alertdialog]').filter({ hasText: name });

test('1: after Alt+N the next keys land in Account code; keeping details puts the caret in Reference', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open();
  await keyMinimal(page, 'REF-1');
  await page.locator('#field-sales_channel').focus();
  await page.keyboard.type('Web');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');

  await page.keyboard.press('Alt+N');
  await page.keyboard.type('ACME02');
  await expect(page.locator('#field-account_code')).toHaveValue('ACME02');
  await expect(page.locator('#field-sales_channel')).toHaveValue('');

  await page.keyboard.press('Tab');
  await keyFields(page, { reference: 'REF-2', policy: 'P-REF-2', surname: 'Ng', postcode: 'M1 1AE' }, 'reference');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100002');
  await page.getByRole('button', { name: /New entry keeping account and order details/ }).click();
  await expect(page.locator('#field-reference')).toBeFocused();
  await page.keyboard.type('REF-3');
  await expect(page.locator('#field-reference')).toHaveValue('REF-3');
  await expect(page.locator('#field-account_code')).toHaveValue('ACME02');
});

test('2: Enter in a text field never submits; Ctrl+Enter does', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await keyMinimal(page, 'REF-ENTER');
  await expect(page.locator('#field-postcode')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.locator('#field-email').press('Enter');
  await page.waitForTimeout(500);
  expect(await journalCount(desk)).toBe(0);
  expect(desk.sandbox.records).toHaveLength(0);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
});

test('3: the duplicate question is modal, names the earlier entry, defaults to not sending, and Escape closes it', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open();
  await keyMinimal(page, 'REF-DUP');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');

  // The habitual second Ctrl+Enter, then Enter: nothing is sent.
  await page.keyboard.press('Control+Enter');
  const question = dialog(page, 'Possible duplicate');
  await expect(question).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await page.waitForTimeout(500);
  expect(desk.sandbox.records).toHaveLength(1);
  expect(await journalCount(desk)).toBe(1);
  await expect(page.locator('#field-postcode')).toBeFocused();

  await page.keyboard.press('Control+Enter');
  await expect(question.getByRole('button', { name: "Don't submit" })).toBeFocused();
  await expect(question).toContainText('REF-DUP');
  await expect(question).toContainText('100001');
  await expect(question).toContainText(`by ${userInfo().username}`);
  await expect(question).toContainText(String(new Date().getFullYear()));
  await page.screenshot({ path: 'test-results/screens/new-entry-duplicate.png' });
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();

  await page.keyboard.press('Control+Enter');
  await expect(question).toBeVisible();
  // Modal: the form behind cannot be reached, and Escape closes the question.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator('#field-postcode')).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  expect(desk.sandbox.records).toHaveLength(1);
  expect(await journalCount(desk)).toBe(1);

  await page.keyboard.press('Control+Enter');
  await question.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(page.getByTestId('recordid')).toHaveText('100002');
  expect(desk.sandbox.records).toHaveLength(2);
});

test('4: starting a new entry over typed work asks first, and the draft is never overwritten with nothing', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open();
  await page.locator('#field-surname').fill('Half-typ');
  await page.locator('#field-town').fill('York');
  await expect
    .poll(async () => (await desk.core.journal.drafts.get('new-entry'))?.payload)
    .toMatchObject({ surname: 'Half-typ' });

  await page.keyboard.press('Alt+N');
  await expect(page.locator('#field-surname')).toHaveValue('Half-typ');
  const question = dialog(page, 'Clear this entry?');
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep this entry' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(page.locator('#field-surname')).toHaveValue('Half-typ');
  await expect(page.locator('#field-town')).toBeFocused();

  await page.getByRole('button', { name: /^New entry(?! keeping)/ }).click();
  await expect(question).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#field-town')).toHaveValue('York');
  await page.waitForTimeout(700);
  expect((await desk.core.journal.drafts.get('new-entry'))?.payload).toMatchObject({
    surname: 'Half-typ',
    town: 'York',
  });

  await page.keyboard.press('Alt+N');
  await question.getByRole('button', { name: /Clear it/ }).click();
  await expect(page.locator('#field-surname')).toHaveValue('');
  await expect(page.locator('#field-account_code')).toBeFocused();

  // After an entry is safely journaled, the next one starts without a question.
  await keyMinimal(page, 'REF-SAFE');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
  await page.keyboard.press('Alt+N');
  await expect(question).toHaveCount(0);
  await expect(page.locator('#field-reference')).toHaveValue('');
});

test('5: this session’s entries stay listed after Alt+N and follow a retry live', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await keyMinimal(page, 'REF-A', 'Adams');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
  await page.keyboard.press('Alt+N');

  const strip = page.getByRole('table', { name: /this session/i });
  await expect(strip.getByRole('row').nth(1)).toContainText(/100001\s*REF-A\s*Adams\s*Accepted/);

  desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503 } });
  await keyMinimal(page, 'REF-B', 'Brown');
  await page.keyboard.press('Control+Enter');
  const result = page.getByRole('status', { name: 'Result' });
  await expect(result).toContainText('Failed: not sent yet, the service is busy');
  await expect(result).toContainText('will be sent automatically');
  await expect(result).not.toContainText('HTTP');
  await expect(strip.getByRole('row').nth(1)).toContainText(/REF-B\s*Brown\s*Failed: not sent yet, will retry/);

  desk.core.outbox.start();
  await expect(strip.getByRole('row').nth(1)).toContainText(/100002\s*REF-B\s*Brown\s*Accepted/);
  await expect(strip.getByRole('row').nth(2)).toContainText(/100001\s*REF-A/);
  await expect(page.getByTestId('recordid')).toHaveText('100002');
});

test('7: text over a field’s limit is kept whole and flagged at once, never cut', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  const reference = page.locator('#field-reference');
  await reference.focus();
  await page.keyboard.insertText('R'.repeat(120));
  await expect(reference).toHaveValue('R'.repeat(120));
  await expect(page.locator('#field-reference-hint')).toHaveCount(0);
  await expect(page.locator('#field-reference-error')).toHaveText('Must be 100 characters or fewer: this has 120');
  await expect(reference).toHaveAttribute('aria-describedby', 'field-reference-error');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'need attention' })).toContainText(
    'Reference: Must be 100 characters or fewer: this has 120',
  );
  expect(await journalCount(desk)).toBe(0);
  await reference.fill('R'.repeat(100));
  await expect(page.locator('#field-reference-error')).toHaveCount(0);
  await expect(page.locator('#field-reference-hint')).toHaveText('Up to 100 characters');
  await expect(reference).toHaveAttribute('aria-describedby', 'field-reference-hint');
});
