// Issue 32, the administrator: a base URL that is not https (and not this computer) is refused
// as soon as the field is left, not only on Save.
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
