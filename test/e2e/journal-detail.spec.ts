import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { operatorName } from '@main/core/core';
import { expect, test, type Desk } from './support/harness';
import { ZOOM_200 } from './support/zoom';
import { sendEntry, seriousViolations } from './support/journal-seed';

/** Submits an entry through the real pipeline and sends it; its journal id. */
const seed = async (desk: Desk, reference: string, extra: Record<string, string> = {}) =>
  (await sendEntry(desk, reference, extra)).id;

mkdirSync('test-results/screens', { recursive: true });

/** The OS user: main records it as the operator of every submission and decision. */
const ME = operatorName();

/** An entry the sandbox stored but answered with a gateway's 502 (or no answer at all): outcome unknown. */
async function seedUnknown(desk: Desk, reference: string, drop = false): Promise<number> {
  desk.sandbox.faults.add({
    target: 'entry',
    fault: drop ? { kind: 'drop', when: 'after-store' } : { kind: 'status', status: 502, store: true },
  });
  const id = await seed(desk, reference);
  expect((await desk.core.journal.get(id))?.state).toBe('unknown');
  return id;
}

async function openDetail(desk: Desk, id: number): Promise<Locator> {
  await desk.open(`#/journal?id=${id}`);
  const panel = desk.page.getByRole('region', { name: `Journal #${id}` });
  await expect(panel.getByRole('heading', { name: `Journal #${id}` })).toBeFocused();
  // The heading is there before the row: its actions (and their keys) only once it has loaded.
  await expect(panel.getByText('Loading…')).toHaveCount(0);
  return panel;
}

/** The history row for a change, e.g. "Unknown → Accepted". */
const historyRow = (panel: Locator, change: string) =>
  panel.getByRole('table').last().getByRole('row').filter({ hasText: change });

test('an unknown row says why, and resend, mark accepted and discard each go through a question into its history', async ({
  desk,
}) => {
  const { page } = desk;
  const resent = await seedUnknown(desk, 'UNK-RESEND');
  const accepted = await seedUnknown(desk, 'UNK-ACCEPT');
  const discarded = await seedUnknown(desk, 'UNK-DISCARD', true);

  // Resend, by keyboard: Alt+Shift+R, a note, Enter.
  let panel = await openDetail(desk, resent);
  await expect(panel.getByTestId('detail-explanation')).toContainText(
    'the gateway in front of the service answered 502',
  );
  await expect(panel.getByTestId('detail-explanation')).toContainText('Check with the service before you resend');
  await page.screenshot({ path: 'test-results/screens/journal-detail-unknown.png', fullPage: true });
  await page.keyboard.press('Alt+Shift+R');
  let dialog = page.getByRole('dialog', { name: `Resend journal #${resent}?` });
  await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
  await page.keyboard.type('Not in the service portal');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('status')).toHaveText('Queued to send again.');
  await expect(historyRow(panel, 'Unknown → Queued')).toContainText(ME);
  await expect(historyRow(panel, 'Unknown → Queued')).toContainText('Not in the service portal');
  expect((await desk.core.journal.get(resent))?.state).toBe('queued');
  // The send happens in main; the open detail follows it live.
  await desk.core.pipeline.send(resent);
  await expect(panel.locator('.state-chip')).toHaveText('Accepted');
  await expect(historyRow(panel, 'Sending → Accepted')).toBeVisible();
  expect(await desk.core.journal.get(resent)).toMatchObject({ state: 'accepted', recordid: 100004 });
  await historyRow(panel, 'Sending → Accepted').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/journal-detail-history.png' });

  // Mark accepted, with the mouse: the recordid is checked before the question can be answered.
  panel = await openDetail(desk, accepted);
  await panel.getByRole('button', { name: 'Mark accepted…' }).click();
  dialog = page.getByRole('dialog', { name: `Mark journal #${accepted} accepted` });
  const recordid = dialog.getByLabel('Recordid the service gave');
  await expect(recordid).toBeFocused();
  await recordid.fill('10O2');
  await dialog.getByRole('button', { name: 'Mark accepted' }).click();
  await expect(recordid).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('Enter the recordid as a whole number');
  expect((await desk.core.journal.get(accepted))?.state).toBe('unknown');
  await recordid.fill('100002');
  await dialog.getByLabel('Note (optional)').fill('Found in the service portal');
  await dialog.getByRole('button', { name: 'Mark accepted' }).click();
  await expect(panel.getByRole('status')).toHaveText('Marked accepted with recordid 100002.');
  await expect(panel.getByTestId('detail-recordid')).toHaveText('100002');
  await expect(historyRow(panel, 'Unknown → Accepted')).toContainText(ME);
  await expect(historyRow(panel, 'Unknown → Accepted')).toContainText('Found in the service portal');
  expect(await desk.core.journal.get(accepted)).toMatchObject({ state: 'accepted', recordid: 100002 });

  // Discard: Escape in the question closes the question only; Escape afterwards closes the detail.
  panel = await openDetail(desk, discarded);
  await expect(panel.getByTestId('detail-explanation')).toContainText(
    'The entry was sent but no answer came back (the connection dropped). The service may have stored it.',
  );
  await page.keyboard.press('Alt+Shift+D');
  dialog = page.getByRole('dialog', { name: `Discard journal #${discarded}?` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(panel).toBeVisible();
  expect((await desk.core.journal.get(discarded))?.state).toBe('unknown');
  await page.keyboard.press('Alt+Shift+D');
  await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Discarded: it will not be sent.');
  await expect(panel.locator('.state-chip')).toHaveText('Discarded');
  await expect(historyRow(panel, 'Unknown → Discarded')).toContainText(ME);
  await expect(panel.getByRole('button', { name: /^Discard/ })).toHaveCount(0);
  expect((await desk.core.journal.get(discarded))?.state).toBe('discarded');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('mark reviewed records who, when and the note', async ({ desk }) => {
  const { page } = desk;
  const id = await seed(desk, 'REVIEW-1');
  const panel = await openDetail(desk, id);
  await expect(panel.getByTestId('detail-reviewed')).toHaveText('Not yet');
  await page.keyboard.press('Alt+Shift+V');
  const dialog = page.getByRole('dialog', { name: `Mark journal #${id} reviewed` });
  await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
  await page.keyboard.type('Checked against the paper');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Marked reviewed.');
  const reviewed = panel.getByTestId('detail-reviewed');
  await expect(reviewed).toContainText(`by ${ME} on`);
  await expect(reviewed).toContainText('Note: Checked against the paper');
  const row = await desk.core.journal.get(id);
  expect(row).toMatchObject({ reviewedBy: ME, reviewNote: 'Checked against the paper' });
  await expect(reviewed.locator('time')).toHaveAttribute('datetime', row!.reviewedAt!);
  await expect(historyRow(panel, 'stays Accepted')).toContainText('reviewed: Checked against the paper');
});

test('a rejected entry shows its wire values and the service’s field message, and opens as a new entry', async ({
  desk,
}) => {
  const { page } = desk;
  // A profile whose date format the service does not take: the service refuses the purchase date.
  const sandbox = desk.core.profiles.get('Sandbox')!;
  desk.core.profiles.put({ ...sandbox, dateFormat: 'DD/MM/YYYY' });
  const id = await seed(desk, 'REJ-1', {
    title: 'Mrs',
    town: 'Leeds',
    total_value: '£1,299.5',
    purchase_date: '2026-02-11',
    delivery_date: '2026-02-25',
    description: 'Three-seat sofa',
  });
  expect((await desk.core.journal.get(id))?.state).toBe('rejected');

  // Half-typed work in New entry: opening the journal entry asks before replacing it.
  await desk.open('#/new-entry');
  await page.locator('#field-surname').fill('Half-typed');
  await expect
    .poll(async () => (await desk.core.journal.drafts.get('new-entry'))?.payload)
    .toMatchObject({ surname: 'Half-typed' });

  const panel = await openDetail(desk, id);
  await expect(panel.getByTestId('detail-explanation')).toContainText('Rejected by the service');
  const date = panel.locator('tr[data-field="purchase_date"]');
  await expect(date.getByRole('rowheader')).toHaveText('Purchase date');
  await expect(date.getByRole('cell').nth(0)).toContainText('2026-02-11');
  await expect(date.getByRole('cell').nth(0)).toContainText('Service: Must be a date YYYY-MM-DD');
  await expect(date.getByRole('cell').nth(1)).toHaveText('11/02/2026 differs');
  const money = panel.locator('tr[data-field="total_value"]').getByRole('cell');
  await expect(money.nth(0)).toHaveText('1299.50');
  await expect(money.nth(1)).toHaveText('1299.50');
  await expect(panel.locator('tr[data-field="address2"]')).toHaveCount(0);
  await expect(panel.getByTestId('detail-blank-fields')).toContainText('Left blank (sent as empty text): Initials');
  await expect(panel.getByTestId('detail-blank-fields')).toContainText('Address line 2');
  await page.screenshot({ path: 'test-results/screens/journal-detail-rejected.png', fullPage: true });

  await page.keyboard.press('Alt+Shift+O');
  const question = page.getByRole('dialog', { name: 'Replace your unsent entry?' });
  await expect(question.getByRole('button', { name: 'Keep my entry' })).toBeFocused();
  await question.getByRole('button', { name: `Replace it with journal #${id}` }).click();
  await expect(page).toHaveURL(/#\/new-entry$/);
  await expect(page.getByTestId('copied-from')).toHaveText(`Copied from journal #${id} — correct and submit.`);
  await expect(page.locator('#field-reference')).toHaveValue('REJ-1');
  await expect(page.locator('#field-surname')).toHaveValue('Jones');
  await expect(page.locator('#field-title')).toHaveValue('Mrs');
  await expect(page.locator('#field-town')).toHaveValue('Leeds');
  await expect(page.locator('#field-total_value')).toHaveValue('1299.50');
  await expect(page.locator('#field-purchase_date')).toHaveValue('11/02/2026');
  await expect(page.locator('#field-delivery_date')).toHaveValue('25/02/2026');
  await expect(page.locator('#field-description')).toHaveValue('Three-seat sofa');
  await expect(page.locator('#field-account_code')).toBeFocused();
  await expect
    .poll(async () => (await desk.core.journal.drafts.get('new-entry'))?.payload)
    .toMatchObject({ reference: 'REJ-1' });
  await page.screenshot({ path: 'test-results/screens/new-entry-copied.png', fullPage: true });

  // Corrected (here: the profile's date format put right), it is submitted as a new entry.
  desk.core.profiles.put({ ...sandbox, dateFormat: 'YYYY-MM-DD' });
  await page.reload();
  await expect(page.locator('#field-reference')).toHaveValue('REJ-1');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toHaveText('100001');
  expect(new Map(desk.sandbox.records[0]?.parts).get('purchase_date')).toBe('2026-02-11');
});

for (const size of [
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: '1024x768-zoom200', ...ZOOM_200 },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    test.describe.configure({ timeout: 90_000 });

    test('the detail and each of its questions have no serious or critical accessibility violations', async ({
      desk,
    }) => {
      const { page } = desk;
      const id = await seedUnknown(desk, 'AXE-1');
      const panel = await openDetail(desk, id);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screens/journal-detail-${size.name}.png` });
      for (const [keys, name] of [
        ['Alt+Shift+R', `Resend journal #${id}?`],
        ['Alt+Shift+A', `Mark journal #${id} accepted`],
        ['Alt+Shift+D', `Discard journal #${id}?`],
        ['Alt+Shift+V', `Mark journal #${id} reviewed`],
      ] as const) {
        await page.keyboard.press(keys);
        const dialog = page.getByRole('dialog', { name });
        await expect(dialog).toBeVisible();
        if (name.includes('accepted')) {
          await dialog.getByRole('button', { name: 'Mark accepted' }).click();
          await expect(dialog.getByLabel('Recordid the service gave')).toHaveAttribute('aria-invalid', 'true');
          await page.screenshot({ path: `test-results/screens/journal-detail-accept-${size.name}.png` });
        }
        expect(await seriousViolations(page), name).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await expect(panel).toBeVisible();
      expect((await desk.core.journal.get(id))?.state).toBe('unknown');
    });
  });
}
