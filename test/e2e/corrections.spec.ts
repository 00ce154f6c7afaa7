// Issue 18, part 3: a corrected rejection closes the original. Open as new entry (or New entry's
// correct and resubmit) records which row the new submission corrects; once it is accepted, the
// original is superseded, leaves the Needs attention badge, and both rows link to each other.
import { expect, test, type Desk } from './support/harness';
import { sendEntry } from './support/journal-seed';

/** The service refuses the next entry with a 400 (nothing stored). */
const refuseNext = (desk: Desk) => desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 400 } });

/** The journal's newest row. */
async function newest(desk: Desk) {
  const { rows } = await desk.core.journal.list({ sort: 'id', direction: 'desc', limit: 1 });
  return rows[0]!;
}

/** Opens a row's detail in the Journal; its panel. */
async function openDetail(desk: Desk, id: number) {
  await desk.open(`#/journal?id=${id}`);
  const panel = desk.page.getByRole('region', { name: `Journal #${id}` });
  await expect(panel.getByRole('heading', { name: `Journal #${id}` })).toBeFocused();
  // The heading is there before the row: its actions (and their keys) only once it has loaded.
  await expect(panel.getByText('Loading…')).toHaveCount(0);
  return panel;
}

test('Rejected → Open as new entry → accepted: the original is superseded, the badge drops, links both ways', async ({
  desk,
}) => {
  const { page } = desk;
  refuseNext(desk);
  const original = await sendEntry(desk, 'CORR-1');
  expect(original.state).toBe('rejected');

  let panel = await openDetail(desk, original.id);
  await expect(page.getByTestId('attention-badge')).toHaveText('1');
  await page.keyboard.press('Alt+Shift+O');
  await expect(page).toHaveURL(/#\/new-entry$/);
  await expect(page.getByTestId('correcting')).toContainText(`Corrects journal #${original.id}`);
  await expect(page.locator('#field-reference')).toHaveValue('CORR-1');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toBeVisible();

  const correction = await newest(desk);
  expect(correction).toMatchObject({ state: 'accepted', corrects: original.id });
  expect(await desk.core.journal.get(original.id)).toMatchObject({
    state: 'superseded',
    supersededBy: correction.id,
  });
  await expect(page.getByTestId('attention-badge')).toHaveCount(0);

  panel = await openDetail(desk, original.id);
  await expect(panel.locator('.state-chip')).toHaveText('Superseded');
  await expect(panel.getByTestId('detail-explanation')).toContainText(`journal #${correction.id}, was accepted`);
  await expect(panel.getByText('Correct it with “Open as new entry”')).toHaveCount(0);
  await expect(panel.getByRole('table').last()).toContainText(`superseded by #${correction.id}`);
  await panel.getByTestId('link-superseded-by').click();
  const other = page.getByRole('region', { name: `Journal #${correction.id}` });
  await expect(other.getByTestId('link-corrects')).toHaveText(`Corrects journal #${original.id}`);
  await page.screenshot({ path: 'test-results/screens/journal-correction.png', fullPage: true });

  // The daily summary lists the corrected rejection with links to both rows.
  const today = new Date().toISOString().slice(0, 10);
  await desk.open(`#/summary?from=${today}&to=${today}`);
  const corrected = page.getByRole('region', { name: 'Corrected rejections (1)' });
  await expect(corrected.getByRole('link', { name: String(original.id), exact: true })).toHaveAttribute(
    'href',
    `#/journal?id=${original.id}`,
  );
  await expect(corrected.getByRole('link', { name: String(correction.id), exact: true })).toHaveAttribute(
    'href',
    `#/journal?id=${correction.id}`,
  );
  await expect(page.getByTestId('summary-superseded')).toHaveText('1');
});

test('New entry: refused, corrected and submitted again: the refused entry is superseded by the accepted one', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open('#/new-entry');
  const fields = {
    account_code: 'ACME01',
    reference: 'CORR-2',
    policy: 'FURN-PLUS',
    surname: 'Jones',
    postcode: 'M1 1AE',
  };
  for (const [name, value] of Object.entries(fields)) await page.locator(`#field-${name}`).fill(value);
  refuseNext(desk);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('correcting')).toBeVisible();
  const refused = await newest(desk);
  expect(refused.state).toBe('rejected');
  await expect(page.getByTestId('attention-badge')).toHaveText('1');

  await page.locator('#field-surname').fill('Jones-Smith');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('recordid')).toBeVisible();
  const accepted = await newest(desk);
  expect(accepted).toMatchObject({ state: 'accepted', corrects: refused.id });
  expect(await desk.core.journal.get(refused.id)).toMatchObject({ state: 'superseded', supersededBy: accepted.id });
  await expect(page.getByTestId('attention-badge')).toHaveCount(0);
  await expect(page.getByTestId('correcting')).toHaveCount(0);
});

test('The same entry keyed again and accepted supersedes the rejected one; Resend on it asks first, naming the accepted row', async ({
  desk,
}) => {
  const { page } = desk;
  refuseNext(desk);
  const first = await sendEntry(desk, 'TWIN-1');
  expect(first.state).toBe('rejected');
  const second = await sendEntry(desk, 'TWIN-1');
  expect(second.state).toBe('accepted');
  expect(await desk.core.journal.get(second.id)).toMatchObject({ corrects: first.id });
  expect(await desk.core.journal.get(first.id)).toMatchObject({ state: 'superseded', supersededBy: second.id });
  const stored = desk.sandbox.records.length;

  const panel = await openDetail(desk, first.id);
  await expect(panel.getByRole('table').last()).toContainText(`superseded by #${second.id} (same policy)`);
  await page.keyboard.press('Alt+Shift+R');
  await page
    .getByRole('dialog', { name: `Resend journal #${first.id}?` })
    .getByRole('button', { name: 'Resend' })
    .click();

  const held = page.getByRole('dialog', { name: 'Possible duplicate' });
  await expect(held).toContainText('TWIN-1');
  await expect(held).toContainText(String(second.recordid));
  await expect(held).toContainText(`by ${second.operator}`);
  await expect(held.getByRole('link', { name: `Open journal entry #${second.id}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/journal-resend-duplicate.png', fullPage: true });
  await held.getByRole('button', { name: "Don't resend" }).click();
  await expect(held).toHaveCount(0);

  expect(await desk.core.journal.get(first.id)).toMatchObject({ state: 'superseded' });
  expect(desk.sandbox.records.length).toBe(stored); // the service holds one record of TWIN-1
  await expect(panel.locator('.state-chip')).toHaveText('Superseded');
});
