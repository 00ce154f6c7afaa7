// Issue 32, the supervisor: the daily summary has a page heading first, a shortcut like the other
// screens (Alt+D), focus on its first control, and its state tiles fit their words when printed.
import { expect, test } from './support/harness';
import { sendEntry } from './support/journal-seed';

test('Alt+D opens the daily summary from any screen: heading first, focus in its first control', async ({ desk }) => {
  const { page } = desk;
  await desk.open('#/new-entry');
  await expect(page.locator('#field-account_code')).toBeFocused();
  await page.keyboard.press('Alt+D');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Daily summary/);
  await expect(page.locator('#summary-from')).toBeFocused();
  // The heading comes before every control of the screen.
  const first = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const h1 = main.querySelector('h1')!;
    const control = main.querySelector('a[href], input, button, select')!;
    return Boolean(h1.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(first).toBe(true);
  // From the Journal, Alt+D takes the filter's dates; its button says so.
  await page.keyboard.press('Alt+J');
  const button = page.getByRole('button', { name: /Daily summary/ });
  await expect(button).toHaveAttribute('aria-keyshortcuts', 'Alt+D');
  await page.getByRole('grid', { name: 'Journal' }).focus();
  await page.keyboard.press('Alt+D');
  await expect(page).toHaveURL(/#\/summary\?from=/);
  await expect(page.locator('#summary-from')).toBeFocused();
});

test('printed on A4, every state tile shows its word whole', async ({ desk }) => {
  const { page } = desk;
  await sendEntry(desk, 'T-1');
  await page.setViewportSize({ width: 720, height: 1000 });
  await desk.open('#/summary');
  await expect(page.getByTestId('summary-total')).toHaveText('1');
  await page.emulateMedia({ media: 'print' });
  const cut = await page
    .locator('.summary-counts dt')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
  expect(cut).toEqual([]);
});
