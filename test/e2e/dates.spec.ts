// Issue 8, defect 6: a date is one text field, typed in the chosen order, with plain messages.
import { expect, test } from './support/harness';

test('6: a date is one Tab stop, typed DD/MM/YYYY with or without separators, never guessed', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await page.locator('#field-account_code').fill('ACME01');
  await page.locator('#field-reference').fill('REF-DATE');
  await page.locator('#field-policy').fill('P-1');
  await page.locator('#field-surname').fill('Jones');
  await page.locator('#field-postcode').fill('M1 1AE');

  const purchase = page.locator('#field-purchase_date');
  const delivery = page.locator('#field-delivery_date');
  await purchase.focus();
  await page.keyboard.type('11022026');
  await page.keyboard.press('Tab');
  await expect(delivery).toBeFocused();
  await expect(purchase).toHaveValue('11/02/2026');
  await expect(page.locator('#field-purchase_date-hint')).toHaveText('DD/MM/YYYY');
  await expect(purchase).toHaveAttribute('aria-describedby', 'field-purchase_date-hint');

  for (const [typed, message] of [
    ['11/02', 'Include the year: 11/02/2026'],
    ['02/31/2026', 'The month must be 1 to 12'],
    ['31/02/2026', 'February 2026 has only 28 days'],
    ['11/02/26', 'Write the year in full: 2026'],
  ] as const) {
    await delivery.fill(typed);
    await delivery.press('Tab');
    await expect(page.locator('#field-delivery_date-error')).toHaveText(message);
    await expect(delivery).toHaveValue(typed);
  }
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'attention' })).toContainText(
    'Delivery date: Write the year in full: 2026',
  );
  expect(desk.sandbox.records).toHaveLength(0);

  await delivery.fill('25-2-2026');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
  const stored = new Map(desk.sandbox.records[0]?.parts);
  expect(stored.get('purchase_date')).toBe('2026-02-11');
  expect(stored.get('delivery_date')).toBe('2026-02-25');
  expect((await desk.core.journal.get(1))?.payload).toMatchObject({ purchase_date: '2026-02-11' });
});

test('6: the screen date order is a preference of this computer', async ({ desk }) => {
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByLabel('Dates typed as').selectOption('MM/DD/YYYY');
  await page.getByRole('link', { name: /New entry/ }).click();
  await expect(page.locator('#field-purchase_date-hint')).toHaveText('MM/DD/YYYY');
  await page.locator('#field-purchase_date').fill('02112026');
  await page.locator('#field-purchase_date').press('Tab');
  await expect(page.locator('#field-purchase_date')).toHaveValue('02/11/2026');
});
