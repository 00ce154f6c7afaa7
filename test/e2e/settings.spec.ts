import { startSandbox } from '../../electron/sandbox/server';
import { expect, test } from './support/harness';

const SECRET = 'e2e-secret-do-not-show-7c1f';

test('add a profile, save a write-only secret, test the connection (success and failure)', async ({ desk }) => {
  test.skip(!process.env.DBUS_SESSION_BUS_ADDRESS, 'needs a Secret Service: run through `npm test` (dbus-run-session)');
  const service = await startSandbox({ clientSecret: SECRET });
  try {
    const { page } = desk;
    await desk.open('#/settings');
    await page.getByRole('button', { name: 'Add profile' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Staging');
    await page.getByLabel('Base URL').fill('http://feed.example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.locator('#p-baseUrl-error')).toContainText('https');
    await page.getByLabel('Base URL').fill(service.url);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved profile Staging' })).toBeVisible();
    await expect(page.getByTestId('secret-state')).toHaveText('not set');

    await page.getByLabel('Client ID').fill('feed-desk-demo');
    await page.getByLabel('Client secret').fill('wrong-secret');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByTestId('secret-state')).toHaveText('set');
    await expect(page.getByTestId('client-id')).toHaveText('feed-desk-demo');
    await page.getByRole('button', { name: 'Test the service connection' }).click();
    await expect(page.getByTestId('connection-status')).toHaveText(
      'Connection failed: The service refused the credentials of profile Staging: The service refused access (HTTP 401): Not authorised',
    );

    await page.getByLabel('Client ID').fill('feed-desk-demo');
    await page.getByLabel('Client secret').fill(SECRET);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await page.getByRole('button', { name: 'Test the service connection' }).click();
    await expect(page.getByTestId('connection-status')).toContainText('Connected to');
    await page.screenshot({ path: 'test-results/screens/settings.png', fullPage: true });

    expect(await page.content()).not.toContain(SECRET);
    for (const answer of desk.answers) expect(answer).not.toContain(SECRET);
    const staging = desk.core.profiles.get('Staging')!;
    expect(await desk.core.credentials.read(staging)).toEqual({ clientId: 'feed-desk-demo', clientSecret: SECRET });
    await desk.core.credentials.delete('Staging');
  } finally {
    await service.close();
  }
});

test('switching profiles shows the active one everywhere; the Sandbox cannot be removed', async ({ desk }) => {
  desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByRole('button', { name: 'Live' }).click();
  await page.getByRole('button', { name: 'Use this profile' }).click();
  await expect(page.getByTestId('active-profile')).toHaveText('Live');
  await page.getByRole('button', { name: /^Sandbox/ }).click();
  await expect(page.getByRole('button', { name: 'Remove profile' })).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
});

test('removing a profile asks first; a refused save names the fields to correct', async ({ desk }) => {
  desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByRole('button', { name: 'Live' }).click();
  const card = page.getByRole('form', { name: 'Profile settings' });
  await card.getByRole('button', { name: 'Remove profile' }).click();
  const question = page.getByRole('dialog', { name: 'Remove profile Live?' });
  await expect(question.getByRole('button', { name: 'Keep the profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  expect(desk.core.profiles.get('Live')).toBeDefined();

  await page.getByLabel('Base URL').fill('http://feed.example.com');
  await page.getByLabel('Request timeout (seconds)').fill('0');
  await page.getByRole('button', { name: 'Save profile' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'not saved' });
  await expect(banner).toContainText('Base URL: Base URL must be https');
  await expect(banner).toContainText('Request timeout:');
  await expect(page).toHaveTitle('Settings – Feed Desk');

  await card.getByRole('button', { name: 'Remove profile' }).click();
  await question.getByRole('button', { name: 'Remove profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Removed Live.' })).toBeVisible();
  expect(desk.core.profiles.get('Live')).toBeUndefined();
});
