// Issue 32, the administrator: a base URL that is not https (and not this computer) is refused
// as soon as the field is left, not only on Save; the office CA file is chosen with a file dialog;
// Settings shows the data folder (Copy path, Open folder).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/harness';

test('a plain-http base URL is refused when Base URL is left; https and this computer are not', async ({ desk }) => {
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByRole('button', { name: 'Add profile' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Staging');
  const url = page.getByLabel('Base URL');
  await url.fill('http://feed.example.com');
  await url.press('Tab');
  await expect(page.locator('#p-baseUrl-error')).toHaveText(
    'Base URL must be https (http only for 127.x, ::1 or localhost)',
  );
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await url.fill('http://127.0.0.1:8443');
  await url.press('Tab');
  await expect(page.locator('#p-baseUrl-error')).toHaveCount(0);
  await url.fill('https://feed.example.com');
  await url.press('Tab');
  await expect(page.locator('#p-baseUrl-error')).toHaveCount(0);
  // Nothing was saved on the way.
  expect(desk.core.profiles.get('Staging')).toBeUndefined();
});

test('the office CA file is chosen in the open dialog, not typed; cancelling keeps it, Clear removes it', async ({
  desk,
}) => {
  const { page } = desk;
  const caFile = join(mkdtempSync(join(tmpdir(), 'feed-desk-ca-')), 'office-ca.pem');
  writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nnot read here\n-----END CERTIFICATE-----\n');
  await desk.open('#/settings');
  const card = page.getByRole('region', { name: 'Journal', exact: true });
  await card.getByRole('radio', { name: 'Office database' }).check();
  const field = card.getByLabel('CA file');
  await expect(field).toHaveAttribute('readonly', '');
  desk.toOpen.push(caFile);
  await card.getByRole('button', { name: 'Choose…' }).click();
  await expect(field).toHaveValue(caFile);
  // The person cancels the dialog: the file chosen before stays.
  await card.getByRole('button', { name: 'Choose…' }).click();
  await expect(field).toHaveValue(caFile);
  await card.getByRole('button', { name: 'Clear' }).click();
  await expect(field).toHaveValue('');
  await expect(card.getByRole('button', { name: 'Clear' })).toHaveCount(0);
});

test('Settings shows the data folder with Copy path and Open folder, for backups', async ({ desk }) => {
  const { page } = desk;
  await desk.open('#/settings');
  const card = page.getByRole('region', { name: 'Data folder' });
  await expect(card.getByTestId('data-folder')).toHaveText(desk.core.home);
  await card.getByRole('button', { name: 'Open folder' }).click();
  await expect.poll(() => desk.opened).toEqual([desk.core.home]);
  await card.getByRole('button', { name: 'Copy path' }).click();
  await expect(card.getByRole('status')).toHaveText(/^(Path copied\.|Could not copy: select the path and copy it\.)$/);
});

test('Field rules reads as one heading, not two', async ({ desk }) => {
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByText('Field rules (required, maximum length)').click();
  await expect(page.getByRole('table', { name: 'Field rules' })).toBeVisible();
  // Text a sighted person sees (a caption kept for screen readers only is a pixel wide).
  const seen = await page
    .getByText(/^Field rules/)
    .evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().width > 2).map((el) => el.textContent));
  expect(seen).toEqual(['Field rules (required, maximum length)']);
});
