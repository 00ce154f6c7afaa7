// Issue 32, the clerk's smaller items: the error summary leaves the form where it is,
// Cancellation's limits are New entry's, and the duplicate question names the policy it says is the same.
import { expect, test } from './support/harness';

test('the error summary leaves the form where it was', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  const before = (await page.locator('.sections').boundingBox())!;
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'need attention' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const after = (await page.locator('.sections').boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: 'test-results/screens/new-entry-error-summary-1280x800.png' });
});

test('Cancellation gives the fields it shares with New entry the same limits', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  const limits: string[] = [];
  for (const name of ['account_code', 'reference', 'policy']) {
    limits.push((await page.locator(`#field-${name}-hint`).textContent()) ?? '');
  }
  await desk.open('#/cancellation');
  for (const [i, name] of ['account_code', 'reference', 'policy'].entries()) {
    await expect(page.locator(`#cancel-${name}-hint`)).toHaveText(
      limits[i]!.replace(/^Max (\d+)$/, 'Up to $1 characters'),
    );
  }
  // And the limit shown is the one checked.
  const limit = Number(/\d+/.exec(limits[0]!)?.[0]);
  await page.locator('#cancel-account_code').fill('A'.repeat(limit + 1));
  await page.locator('#cancel-account_code').press('Tab');
  await expect(page.locator('#cancel-account_code-error')).toContainText(String(limit));
});

test('the duplicate question names the policy it says is the same', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  for (const [field, value] of [
    ['account_code', 'ACME01'],
    ['reference', 'DUP-1'],
    ['policy', 'FURN-GOLD'],
    ['surname', 'Smith'],
    ['postcode', 'LS1 4AP'],
  ] as const) {
    await page.locator(`#field-${field}`).fill(value);
  }
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Possible duplicate' });
  await expect(dialog.locator('dt', { hasText: 'Policy' })).toBeVisible();
  await expect(dialog.locator('dt:has-text("Policy") + dd')).toHaveText('FURN-GOLD');
});

test('a rejection whose message has no full stop still reads as sentences', async ({ desk }) => {
  const { page } = desk;
  desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 400 } });
  await desk.open();
  for (const [field, value] of [
    ['account_code', 'ACME01'],
    ['reference', 'FAULT-1'],
    ['policy', 'FURN-PLUS'],
    ['surname', 'Smith'],
    ['postcode', 'LS1 4AP'],
  ] as const) {
    await page.locator(`#field-${field}`).fill(value);
  }
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status', { name: 'Result' })).toContainText(
    'Injected fault. Correct it and submit again',
  );
});
