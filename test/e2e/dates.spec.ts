// Issue 8, defect 6: a date is one text field, typed in the chosen order, with plain messages.
import { expect, test } from './support/harness';
import { sendEntry } from './support/journal-seed';

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
    ['11/02/25', 'Write the year in full, for example 2025'],
  ] as const) {
    await delivery.fill(typed);
    await delivery.press('Tab');
    await expect(page.locator('#field-delivery_date-error')).toHaveText(message);
    await expect(delivery).toHaveValue(typed);
  }
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'attention' })).toContainText(
    'Delivery date: Write the year in full, for example 2025',
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

test.describe('one language for moments (issue 20)', () => {
  // A zone with a half-hour offset, so a moment written in UTC or in another zone cannot pass.
  test.use({ timezoneId: 'Asia/Kolkata' });
  const IST_MS = 330 * 60_000;
  /** The moment as the person reads it in India, DD/MM/YYYY and 24-hour, worked out from the epoch. */
  const inIndia = (iso: string) => {
    const t = new Date(Date.parse(iso) + IST_MS).toISOString();
    return `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)}`;
  };

  test('the same moment reads alike in the Journal list and in its detail', async ({ desk }) => {
    const { page } = desk;
    const row = await sendEntry(desk, 'REF-MOMENT');
    const shown = inIndia(row.createdAt);
    await desk.open(`#/journal?id=${row.id}`);
    await expect(page.locator('.grid-body .col-created_at').first()).toHaveText(shown);
    // The detail adds the seconds, and nothing else: no month names, no AM/PM.
    const panel = page.getByRole('region', { name: `Journal #${row.id}` });
    await expect(panel.getByText(new RegExp(`^${shown}:\\d\\d$`)).first()).toBeVisible();
  });

  test('the draft banner writes its time as the Journal does', async ({ desk }) => {
    const { page } = desk;
    await desk.open();
    await page.locator('#field-surname').fill('Half-typ');
    await expect
      .poll(async () => (await desk.core.journal.drafts.get('new-entry'))?.payload)
      .toMatchObject({ surname: 'Half-typ' });
    await page.reload();
    const banner = page.getByText('Draft restored');
    await expect(banner).toHaveText(/^Draft restored \(saved \d\d\/\d\d\/\d{4} \d\d:\d\d\)\.$/);
    const saved = (await desk.core.journal.drafts.get('new-entry'))!.updatedAt;
    await expect(banner).toHaveText(`Draft restored (saved ${inIndia(saved)}).`);
  });
});
