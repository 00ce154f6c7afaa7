import type { Locator } from '@playwright/test';
import { expect, test, type Desk } from './support/harness';
import { sendEntry } from './support/journal-seed';

/** An entry the sandbox stored but answered with a gateway's 502: outcome unknown, so it can be resolved. */
async function seedUnknown(desk: Desk, reference: string): Promise<number> {
  desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 502, store: true } });
  const { id } = await sendEntry(desk, reference);
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

/** The dialog's answers from left to right. */
const answers = (dialog: Locator) => dialog.locator('.actions button');

test('Discard: focus starts in the note, and Enter there discards with the note', async ({ desk }) => {
  const { page } = desk;
  const id = await seedUnknown(desk, 'DLG-DISCARD');
  const panel = await openDetail(desk, id);
  await panel.getByRole('button', { name: /^Discard/ }).click();
  const dialog = page.getByRole('dialog', { name: `Discard journal #${id}?` });
  await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
  await expect(answers(dialog).first()).toHaveText('Cancel');
  await expect(answers(dialog).last()).toHaveText('Discard');
  await page.keyboard.type('Keyed twice from the same paper');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(panel.locator('.state-chip')).toHaveText('Discarded');
  const history = await desk.core.journal.history(id);
  expect(history.at(-1)).toMatchObject({ toState: 'discarded', note: 'Keyed twice from the same paper' });
});

test('Mark reviewed from the list: Enter in the note confirms, and the primary answer is on the right', async ({
  desk,
}) => {
  const { page } = desk;
  const { id } = await sendEntry(desk, 'DLG-REVIEW');
  await desk.open('#/journal');
  await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
  await page.getByRole('button', { name: /^Mark reviewed…/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark 1 entry reviewed' });
  await expect(dialog.getByLabel(/^Note/)).toBeFocused();
  await expect(answers(dialog).first()).toHaveText('Cancel');
  await expect(answers(dialog).last()).toHaveText('Mark reviewed');
  await page.keyboard.type('Checked against the paper');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Marked 1 entry reviewed.')).toBeVisible();
  expect(await desk.core.journal.get(id)).toMatchObject({ reviewNote: 'Checked against the paper' });
});

test('Mark accepted: Enter on a wrong recordid keeps the question open; Ctrl+Enter from the note answers', async ({
  desk,
}) => {
  const { page } = desk;
  const id = await seedUnknown(desk, 'DLG-ACCEPT');
  const panel = await openDetail(desk, id);
  await panel.getByRole('button', { name: 'Mark accepted…' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark journal #${id} accepted` });
  const recordid = dialog.getByLabel('Recordid the service gave');
  await expect(recordid).toBeFocused();
  await page.keyboard.type('10O2');
  await page.keyboard.press('Enter');
  await expect(recordid).toHaveAttribute('aria-invalid', 'true');
  await expect(recordid).toBeFocused();
  await recordid.fill('100002');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Found in the service portal');
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  expect(await desk.core.journal.get(id)).toMatchObject({ state: 'accepted', recordid: 100002 });
});

test('a question without fields starts on the safe choice, on the left; Escape changes nothing', async ({ desk }) => {
  desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByRole('button', { name: 'Live' }).click();
  await page.getByRole('form', { name: 'Profile settings' }).getByRole('button', { name: 'Remove profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove profile Live?' });
  await expect(answers(dialog).first()).toBeFocused();
  await expect(answers(dialog).first()).toHaveText('Keep the profile');
  await expect(answers(dialog).last()).toHaveText('Remove profile');
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(desk.core.profiles.get('Live')).toBeDefined();
});
