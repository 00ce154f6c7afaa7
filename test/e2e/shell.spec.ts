import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PROFILE_COLOURS } from '@shared/profile/schema';
import { expect, test } from './support/harness';
import { ZOOM_200 } from './support/zoom';
import { sendEntry, seriousViolations } from './support/journal-seed';

test('a profile other than the Sandbox wears its colour and name in the top bar and the window title', async ({
  desk,
}) => {
  desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
  await sendEntry(desk, 'SHELL-UNKNOWN', {}, { kind: 'status', status: 502, store: true });
  const { page } = desk;
  await desk.open('#/journal');
  await expect(page).toHaveTitle('Journal – 1 need attention – Feed Desk');
  await expect(page.getByTestId('profile-band')).toHaveCount(0);

  await page.getByRole('link', { name: /^Settings/ }).click();
  await page.getByRole('button', { name: 'Live' }).click();
  await page.getByLabel('Colour band').selectOption({ label: 'Blue' });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved profile Live.' })).toBeVisible();
  expect(desk.core.profiles.get('Live')?.colour).toBe('blue');
  await page.getByRole('button', { name: 'Use this profile' }).click();

  const band = page.getByTestId('profile-band');
  await expect(band).toHaveText('Profile Live: entries go to https://feed.example.com');
  await expect(band).toHaveAttribute('data-colour', 'blue');
  await expect(page).toHaveTitle('Settings – Live – Feed Desk');
  await page.screenshot({ path: 'test-results/screens/settings-live-profile.png' });
  await page.keyboard.press('Alt+J');
  await expect(page).toHaveTitle('Journal – 1 need attention – Live – Feed Desk');
  await page.keyboard.press('Alt+N');
  await expect(page).toHaveTitle('New entry – Live – Feed Desk');
  await expect(band).toBeVisible();
  // Settings has its key like the other screens.
  await page.keyboard.press('Alt+T');
  await expect(page).toHaveTitle('Settings – Live – Feed Desk');
  await expect(page.getByRole('link', { name: /^Settings/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+T');
});

/** axe's colour-contrast findings on the band alone (a full run per colour would be six full runs). */
async function bandContrast(page: Page): Promise<number> {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="profile-band"]')
    .withRules(['color-contrast'])
    .analyze();
  return results.violations.length;
}

for (const [size, options] of [
  ['1280x800', { viewport: { width: 1280, height: 800 } }],
  ['zoom200', ZOOM_200],
] as const) {
  test.describe(size, () => {
    test.use(options);
    // axe over a whole screen takes long on a busy machine, as in accessibility.spec.ts.
    test.describe.configure({ timeout: 90_000 });
    test('the band keeps its text readable in every colour; axe stays clean with it shown', async ({ desk }) => {
      const { page } = desk;
      desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
      desk.core.profiles.setActive('Live');
      await desk.open('#/new-entry');
      await expect(page.locator('#field-account_code')).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      const band = page.getByTestId('profile-band');
      for (const colour of PROFILE_COLOURS) {
        desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com', colour });
        await page.reload();
        await expect(band).toHaveAttribute('data-colour', colour);
        expect(await bandContrast(page), colour).toBe(0);
      }
    });
  });
}

test('Settings: Add profile focuses Name; a save shows its result beside Save and leaves focus there', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Staging');
  await page.getByLabel('Base URL').fill('https://staging.example.com');
  const save = page.getByRole('button', { name: 'Save profile' });
  await save.focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('form', { name: 'Profile settings' });
  await expect(editor.locator('.actions').getByRole('status')).toHaveText('Saved profile Staging.');
  await expect(save).toBeFocused();
  await expect(editor.getByRole('heading', { name: 'Profile Staging' })).toBeVisible();
  expect(desk.core.profiles.get('Staging')?.baseUrl).toBe('https://staging.example.com');

  // Saving again edits the same profile, which keeps its name.
  await page.getByLabel('Request timeout (seconds)').fill('45');
  await save.click();
  await expect(save).toBeFocused();
  expect(desk.core.profiles.get('Staging')?.requestTimeoutMs).toBe(45_000);
});
