// What cancellation staff need to tell entries apart and to recognise a duplicate: the finder's
// traits of each entry (and a cancellation already filed), today's date by default, and duplicate
// questions that name the earlier entry's person and link to it.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatScreenDate } from '@shared/entry/screen-date';
import { expect, test, type Desk } from './support/harness';
import { sendEntry } from './support/journal-seed';

mkdirSync('test-results/screens', { recursive: true });

const field = (page: Page, name: string) => page.locator(`#cancel-${name}`);

/** Today on this computer's calendar, as the screen shows a date by default (DD/MM/YYYY). */
function todayOnScreen(): string {
  const now = new Date();
  const iso = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return formatScreenDate(iso, 'DD/MM/YYYY');
}

/** Files a cancellation of a recordid through the real pipeline (as the CLI would) and sends it. */
async function fileCancellation(desk: Desk, recordid: number) {
  const input = { recordid: String(recordid), cancellation_date: '2026-03-01', reason: 'Filed elsewhere' };
  const queued = await desk.core.pipeline.submit({ kind: 'cancellation', input, profile: 'Sandbox' });
  if (!queued.ok) throw new Error(`could not queue: ${JSON.stringify(queued)}`);
  const sent = await desk.core.pipeline.send(queued.row.id);
  if (!sent) throw new Error('could not send the cancellation');
  return sent;
}

test('the finder tells two entries of the same surname apart, and says which one is already cancelled', async ({
  desk,
}) => {
  const { page } = desk;
  const first = await sendEntry(desk, 'SMI-1', {
    surname: 'Smith',
    initials: 'JA',
    postcode: 'M1 1AE',
    total_value: '1299.50',
  });
  const second = await sendEntry(desk, 'SMI-2', {
    surname: 'Smith',
    initials: 'RB',
    postcode: 'LS1 4DY',
    total_value: '450',
  });
  const filed = await fileCancellation(desk, first.recordid!);

  await desk.open('#/cancellation');
  const finder = page.getByRole('combobox', { name: 'Find the original entry' });
  await expect(finder).toBeFocused();
  await page.keyboard.type('Smith');
  const list = page.getByRole('listbox', { name: 'Entries found' });
  const one = list.locator(`#cancel-find-${first.id}`);
  const two = list.locator(`#cancel-find-${second.id}`);
  await expect(one).toContainText('JA Smith');
  await expect(one).toContainText('M1 1AE');
  await expect(one).toContainText('value 1299.50');
  await expect(one).toContainText(/keyed .*\d{4}/);
  await expect(one).toContainText('Accepted');
  await expect(one).toContainText(`already cancelled (#${filed.id})`);
  await expect(two).toContainText('RB Smith');
  await expect(two).toContainText('LS1 4DY');
  await expect(two).toContainText('value 450.00');
  await expect(two).not.toContainText('already cancelled');
  await page.screenshot({ path: 'test-results/screens/cancellation-finder-traits.png' });
});

test('the cancellation date is today unless changed; a second cancellation names the person and links to the earlier one', async ({
  desk,
}) => {
  const { page } = desk;
  const entry = await sendEntry(desk, 'DUP-1', { surname: 'Ramsay', postcode: 'EH1 1YZ' });
  const earlier = await fileCancellation(desk, entry.recordid!);

  await desk.open('#/cancellation');
  await expect(field(page, 'cancellation_date')).toHaveValue(todayOnScreen());
  await page.keyboard.type('Ramsay');
  await expect(page.getByRole('option', { name: /Ramsay/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(field(page, 'recordid')).toHaveValue(String(entry.recordid));
  // The date is filled in already, so the caret waits in the reason.
  await expect(field(page, 'cancellation_date')).toHaveValue(todayOnScreen());
  await expect(field(page, 'reason')).toBeFocused();
  await page.keyboard.type('Filed twice?');
  await page.keyboard.press('Control+Enter');

  const dialog = page.getByRole('dialog', { name: 'Cancellation already filed?' });
  await expect(dialog).toContainText('Ramsay');
  await expect(dialog).toContainText('EH1 1YZ');
  const link = dialog.getByRole('link', { name: `Open journal entry #${earlier.id}` });
  await expect(link).toHaveAttribute('href', `#/journal?id=${earlier.id}`);
  await page.screenshot({ path: 'test-results/screens/cancellation-duplicate-person.png' });
  await link.click();
  await expect(page.getByRole('region', { name: `Journal #${earlier.id}` })).toBeVisible();
});

test('the New entry duplicate question names the earlier entry’s surname and postcode and links to it', async ({
  desk,
}) => {
  const { page } = desk;
  const earlier = await sendEntry(desk, 'REF-9', { policy: 'P-1', surname: 'Whitfield', postcode: 'YO1 7HH' });
  await desk.open();
  await page.locator('#field-account_code').fill('ACME01');
  await page.locator('#field-reference').fill('REF-9');
  await page.locator('#field-policy').fill('P-1');
  await page.locator('#field-surname').fill('Whitfeld');
  await page.locator('#field-postcode').fill('YO1 7HH');
  await page.keyboard.press('Control+Enter');

  const dialog = page.getByRole('dialog', { name: 'Possible duplicate' });
  await expect(dialog).toContainText('Whitfield');
  await expect(dialog).toContainText('YO1 7HH');
  const link = dialog.getByRole('link', { name: `Open journal entry #${earlier.id}` });
  await expect(link).toHaveAttribute('href', `#/journal?id=${earlier.id}`);
  expect(desk.sandbox.records).toHaveLength(1);
});
