// Settings › Customer data: the retention rule, and a person's data found, exported and erased
// (this desk's journal: its user is its own supervisor).
import { readFileSync } from 'node:fs';
import { expect, test, type Desk } from './support/harness';

/** Keys and sends an entry for this customer through the real pipeline. */
async function keyed(desk: Desk, reference: string, surname: string, postcode: string) {
  const input = {
    account_code: 'ACME01',
    reference,
    policy: `P-${reference}`,
    surname,
    postcode,
    email: 'ann.oduya@example.com',
  };
  const queued = await desk.core.pipeline.submit({ kind: 'entry', input, profile: 'Sandbox' });
  if (!queued.ok) throw new Error(JSON.stringify(queued));
  return (await desk.core.pipeline.send(queued.row.id))!;
}

async function card(desk: Desk) {
  await desk.open('#/settings');
  const found = desk.page.getByRole('region', { name: 'Customer data' });
  await expect(found.getByLabel('Remove personal details of settled entries after (days)')).toBeEnabled();
  return found;
}

test('sets the retention in plain words, and refuses a day count out of range at the field', async ({ desk }) => {
  const panel = await card(desk);
  const days = panel.getByLabel('Remove personal details of settled entries after (days)');
  await expect(days).toHaveValue('');
  await days.fill('0');
  await panel.getByRole('button', { name: 'Save retention' }).click();
  await expect(panel.getByText('A whole number of days from 1 to 36500')).toBeVisible();
  await days.fill('90');
  await panel.getByRole('button', { name: 'Save retention' }).click();
  await expect(panel.getByTestId('retention-result')).toHaveText(
    'Saved: personal details of settled entries are removed 90 days after they were keyed.',
  );
  expect(await desk.core.journal.privacy.retention()).toMatchObject({ days: 90 });
  await panel.getByRole('button', { name: 'Apply now' }).click();
  await expect(panel.getByTestId('retention-result')).toHaveText('Removed the personal details of 0 settled entries.');
});

test("finds a person's entries, exports them, and erases them only with a reason", async ({ desk }) => {
  const first = await keyed(desk, 'ANN-1', 'Oduya', 'M1 1AE');
  const second = await keyed(desk, 'ANN-2', 'ODUYA', 'm11ae');
  await keyed(desk, 'OTHER-1', 'Oduya', 'LS1 4AP');
  const panel = await card(desk);
  const finder = panel.getByRole('form', { name: 'Find a person' });
  await finder.getByRole('button', { name: 'Find' }).click();
  await expect(finder.getByRole('alert')).toHaveText('Enter an e-mail address, or a surname with a postcode');
  await finder.getByLabel('or surname').fill('oduya');
  await finder.getByLabel('with postcode').fill('M1 1ae');
  await finder.getByRole('button', { name: 'Find' }).click();
  await expect(panel.getByTestId('person-result')).toHaveText('2 entries found.');
  const rows = panel.getByTestId('person-rows').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${first.id}`);
  await expect(rows.nth(1)).toContainText('ANN-2');

  await panel.getByRole('button', { name: 'Export JSON…' }).click();
  await expect(panel.getByTestId('person-result')).toContainText('Saved 2 entries to ');
  const exported = JSON.parse(readFileSync(desk.saved.at(-1)!, 'utf8')) as { rows: Array<{ id: number }> };
  expect(exported.rows.map((r) => r.id)).toEqual([first.id, second.id]);

  await panel.getByRole('button', { name: 'Erase…' }).click();
  const dialog = desk.page.getByRole('dialog', { name: 'Erase the personal details of 2 entries?' });
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(dialog.getByText('Give the reason')).toBeVisible();
  expect((await desk.core.journal.get(first.id))?.payload.surname).toBe('Oduya');
  await dialog.getByLabel("Reason (kept in each entry's history)").fill('erasure request 12');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('person-result')).toHaveText('Erased the personal details of 2 entries.');
  await expect(panel.getByTestId('person-rows')).toBeHidden();
  expect((await desk.core.journal.get(first.id))?.payload).toMatchObject({
    surname: '',
    email: '',
    reference: 'ANN-1',
  });
  expect((await desk.core.journal.history(second.id)).at(-1)?.note).toBe('personal details erased: erasure request 12');

  // The Journal's detail shows the removal in the entry's history.
  await desk.open(`#/journal?id=${first.id}`);
  await expect(desk.page.getByText('personal details erased: erasure request 12')).toBeVisible();
});
