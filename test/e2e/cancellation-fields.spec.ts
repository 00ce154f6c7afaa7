// Cancellation screen: the form follows the profile's field set (fields left out, renamed, added).
import { mkdirSync } from 'node:fs';
import { expect, test } from './support/harness';
import { sendEntry } from './support/journal-seed';
import { cancellations, field, openDetail, result } from './support/cancellation-steps';

mkdirSync('test-results/screens', { recursive: true });

test("the form follows the profile's field set: fields left out, renamed and added, each by its type", async ({
  desk,
}) => {
  const { page } = desk;
  await sendEntry(desk, 'SET-1', { surname: 'Lowe', policy: 'FURN-PLUS' });
  const sandbox = desk.core.profiles.get('Sandbox')!;
  const fields = sandbox.cancellation.fields.map((f) =>
    f.name === 'account_code' ? { ...f, wire: null } : f.name === 'reason' ? { ...f, wire: 'cancel_reason' } : f,
  );
  desk.core.profiles.put({
    ...sandbox,
    cancellation: {
      path: null,
      fields: [
        ...fields,
        { name: 'refund', wire: 'refund', label: 'Refund', type: 'money', required: true },
        {
          name: 'channel',
          wire: 'channel',
          label: 'Asked by',
          type: 'choice',
          required: true,
          options: ['Phone', 'Letter'],
        },
        { name: 'returned_on', wire: 'returned_on', label: 'Returned on', type: 'date', required: false },
        { name: 'items', wire: 'items', label: 'Items returned', type: 'integer', required: false },
      ],
    },
  });

  await desk.open('#/cancellation?recordid=100001');
  await expect(field(page, 'reference')).toHaveValue('SET-1');
  await expect(field(page, 'account_code')).toHaveCount(0);
  await expect(page.getByLabel('Reason')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Asked by' })).toBeVisible();
  await expect(field(page, 'reason')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('11/03/2026');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Wrong colour');
  await page.keyboard.press('Tab');
  await page.keyboard.type('twelve');
  await page.keyboard.press('Tab');
  await expect(page.locator('#cancel-refund-error')).toHaveText(
    'Enter an amount such as 1234.50 (at most two decimals)',
  );
  await page.getByLabel('Refund').fill('£12.5');
  await page.getByRole('combobox', { name: 'Asked by' }).selectOption('Letter');
  await page.getByLabel('Returned on').fill('2-3-2026');
  await page.getByLabel('Returned on').blur();
  await expect(page.getByLabel('Returned on')).toHaveValue('02/03/2026');
  await page.getByLabel('Items returned').fill('1.5');
  await page.getByLabel('Items returned').blur();
  await expect(page.locator('#cancel-items-error')).toHaveText('Enter a whole number, 0 or more');
  await page.getByLabel('Items returned').fill('2');
  await page.keyboard.press('Control+Enter');

  await expect(result(page)).toContainText('Queued: profile Sandbox has no cancellation path yet');
  const [queued] = await cancellations(desk);
  expect(queued?.payload).toEqual({
    recordid: '100001',
    reference: 'SET-1',
    policy: 'FURN-PLUS',
    cancellation_date: '2026-03-11',
    reason: 'Wrong colour',
    refund: '12.50',
    channel: 'Letter',
    returned_on: '2026-03-02',
    items: '2',
  });
  await page.screenshot({ path: 'test-results/screens/cancellation-field-set.png', fullPage: true });

  // The detail labels the fields as the profile does, and shows the renamed one as sent.
  const panel = await openDetail(desk, queued!.id);
  await expect(panel.locator('tr[data-field="channel"] th')).toHaveText('Asked by');
  await expect(panel.locator('tr[data-field="reason"] td').last()).toHaveText('Wrong colour');
});
