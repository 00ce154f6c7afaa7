import type { Page } from '@playwright/test';
import { expect, test, type Desk } from './support/harness';
import { sendEntry } from './support/journal-seed';

/** Four entries, newest first in the list: UNK-1 (Brown), FAIL-1 (Patel), REJ-1 (Jones), ACC-1 (Smith). */
async function seedFour(desk: Desk) {
  const accepted = await sendEntry(desk, 'ACC-1', { surname: 'Smith' });
  await sendEntry(desk, 'REJ-1', { surname: 'Jones' }, { kind: 'status', status: 400 });
  await sendEntry(desk, 'FAIL-1', { surname: 'Patel' }, { kind: 'status', status: 503 });
  await sendEntry(desk, 'UNK-1', { surname: 'Brown' }, { kind: 'status', status: 502 });
  return accepted;
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Journal' });
const active = (page: Page) => grid(page).getAttribute('aria-activedescendant');
const detailHeading = (page: Page) => page.getByRole('heading', { name: /^Journal #\d+$/ });

test('Alt+J puts the focus in the list, on the first row or the open one, and the arrows work at once', async ({
  desk,
}) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/new-entry');
  await expect(page.locator('#field-account_code')).toBeVisible();
  await page.keyboard.press('Alt+J');
  await expect(grid(page)).toBeFocused();
  await expect(page.getByText('4 entries match')).toBeVisible();
  expect(await active(page)).toBe('journal-row-0');
  await page.keyboard.press('ArrowDown');
  expect(await active(page)).toBe('journal-row-1');

  // Into the detail of the third row, then Alt+J: back in the list, on that row.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(detailHeading(page)).toBeFocused();
  await page.keyboard.press('Alt+J');
  await expect(grid(page)).toBeFocused();
  expect(await active(page)).toBe('journal-row-2');
  await page.keyboard.press('ArrowUp');
  expect(await active(page)).toBe('journal-row-1');
});

test('the list is a few Tabs from the top of the screen: the filters and the state boxes are one stop each', async ({
  desk,
}) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();
  await page.getByRole('heading', { name: 'Journal', level: 1 }).click();
  let tabs = 0;
  while (!(await grid(page).evaluate((el) => el === document.activeElement)) && tabs < 15) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  expect(tabs).toBeLessThanOrEqual(10);

  // The more filters, opened: the state boxes are one stop, the arrows move among them.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Reviewed').focus();
  await page.keyboard.press('Tab');
  const first = page.getByRole('group', { name: 'State' }).getByRole('checkbox').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const second = page.getByRole('group', { name: 'State' }).getByRole('checkbox').nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toBeChecked();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('fieldset'))).toBeNull();
});

test('from Search, ↓ and Enter move into the results; Alt+A and Clear filters keep the focus in the list', async ({
  desk,
}) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();

  await page.keyboard.press('/');
  await page.keyboard.type('Patel');
  await page.keyboard.press('ArrowDown');
  await expect(grid(page)).toBeFocused();
  await expect(page.getByText('1 entry matches')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await expect(page.locator('#journal-row-0')).toContainText('FAIL-1');

  await page.getByLabel('Search').fill('Jones');
  await page.getByLabel('Search').press('Enter');
  await expect(page.locator('#journal-row-0')).toContainText('REJ-1');
  await expect(grid(page)).toBeFocused();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('4 entries match')).toBeVisible();
  await expect(grid(page)).toBeFocused();

  await page.keyboard.press('Alt+A');
  await expect(page.getByText('3 entries match')).toBeVisible();
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  expect(await active(page)).toBe('journal-row-1');
  await page.keyboard.press('Alt+A');
  await expect(page.getByText('4 entries match')).toBeVisible();
  await expect(grid(page)).toBeFocused();
});

test('a click shows the detail and leaves the focus in the list; Enter moves into the detail, Esc back to the row', async ({
  desk,
}) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();

  await page.locator('#journal-row-2 .col-surname').click();
  await expect(page.getByRole('region', { name: /^Journal #\d+$/ })).toContainText('REJ-1');
  await expect(grid(page)).toBeFocused();
  expect(await active(page)).toBe('journal-row-2');
  await expect(page.locator('#journal-row-2')).toHaveClass(/\bactive\b/);

  // With the detail open, the arrows move the open row with the highlighted one.
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('region', { name: /^Journal #\d+$/ })).toContainText('FAIL-1');
  await expect(grid(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(detailHeading(page)).toBeFocused();
  await expect(detailHeading(page)).toHaveAccessibleName(/Journal #\d+/);
  await page.keyboard.press('Escape');
  await expect(grid(page)).toBeFocused();
  expect(await active(page)).toBe('journal-row-1');
});

test('Shift+↑/↓ extends the selection and shrinks it back; Space toggles a row', async ({ desk }) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();
  await grid(page).focus();
  const selected = grid(page).locator('.grid-body [role=row][aria-selected=true]');

  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(selected).toHaveCount(3);
  await expect(page.getByText('4 entries match, 3 selected')).toBeVisible();
  expect(await active(page)).toBe('journal-row-2');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(selected).toHaveCount(2);
  await expect(page.locator('#journal-row-2')).toHaveAttribute('aria-selected', 'false');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(selected).toHaveCount(3);
  await expect(page.locator('#journal-row-3')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Space');
  await expect(selected).toHaveCount(2);
});

/** A date of the journal (YYYY-MM-DD) as typed without separators in the given screen order. */
const typed = (iso: string, order: 'DD/MM/YYYY' | 'MM/DD/YYYY') => {
  const [y, m, d] = iso.split('-');
  return order === 'DD/MM/YYYY' ? `${d}${m}${y}` : `${m}${d}${y}`;
};

for (const order of ['DD/MM/YYYY', 'MM/DD/YYYY'] as const) {
  test(`From and To are text dates typed in the chosen order (${order}), without separators`, async ({ desk }) => {
    const { page } = desk;
    const accepted = await seedFour(desk);
    const day = accepted.createdAt.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await desk.open('#/settings');
    await page.getByLabel('Dates typed as').selectOption(order);
    // A view with a filter of the disclosure chosen: the disclosure shows open.
    await page.evaluate(() => (window.location.hash = '#/journal?kind=entry'));
    await expect(page.getByText('4 entries match')).toBeVisible();

    const from = page.getByLabel('From', { exact: true });
    await expect(from).toHaveAttribute('type', 'text');
    await expect(page.locator('#journal-from-hint')).toHaveText(order);
    await from.fill(typed(next, order));
    await expect(page.getByText('0 entries match')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]from=${next}`));
    await from.fill(typed(day, order));
    await expect(page.getByText('4 entries match')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]from=${day}`));
    const [y, m, d] = day.split('-');
    await expect(from).toHaveValue(order === 'DD/MM/YYYY' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`);
    await page.getByLabel('To', { exact: true }).fill(typed(day, order));
    await expect(page).toHaveURL(new RegExp(`[?&]to=${day}`));
    await expect(page.getByText('4 entries match')).toBeVisible();

    // A date that cannot be read says why when the field is left, and filters nothing.
    await page.getByLabel('To', { exact: true }).fill('31/02');
    await page.getByLabel('To', { exact: true }).press('Tab');
    await expect(page.locator('#journal-to-hint')).toHaveText(/year/);
    await expect(page).toHaveURL(new RegExp(`[?&]to=${day}`));
  });
}
