import { expect, test } from './support/harness';
import { SIZES } from './support/zoom';
import { seriousViolations } from './support/journal-seed';

for (const size of SIZES.filter((s) => s.name === '1280x800' || s.name === '1024x768-zoom200')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    // Each test runs axe several times (a screen in each of its states).
    test.describe.configure({ timeout: 90_000 });

    test('New entry (with errors, a result, the session strip and each question) has no serious or critical accessibility violations', async ({
      desk,
    }) => {
      const { page } = desk;
      await desk.open('#/new-entry');
      await expect(page.locator('main h1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Control+Enter');
      await expect(page.getByRole('alert').filter({ hasText: 'need attention' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      for (const [field, value] of [
        ['account_code', 'ACME01'],
        ['reference', 'REF-AXE'],
        ['policy', 'P-1'],
        ['surname', 'Jones'],
        ['postcode', 'M1 1AE'],
      ] as const) {
        await page.locator(`#field-${field}`).fill(value);
      }
      await page.keyboard.press('Control+Enter');
      await expect(page.getByTestId('recordid')).toHaveText('100001');
      await page.keyboard.press('Control+Enter');
      await expect(page.getByRole('dialog', { name: 'Possible duplicate' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('#field-town').fill('York');
      await page.keyboard.press('Alt+N');
      await expect(page.getByRole('dialog', { name: 'Clear this entry?' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('Settings has no serious or critical accessibility violations', async ({ desk }) => {
      const { page } = desk;
      desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
      await desk.open('#/settings');
      await expect(page.locator('main h1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Live' }).click();
      await page.getByRole('button', { name: 'Remove profile' }).click();
      await expect(page.getByRole('dialog', { name: 'Remove profile Live?' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
