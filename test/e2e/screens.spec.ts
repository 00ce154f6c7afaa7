// Screenshots of each screen at the window sizes clerks use, for people to look at (test-results/screens).
import { mkdirSync } from 'node:fs';
import { expect, test } from './support/harness';
import { FOLLOW_UP, FULL_ENTRY, keyFields } from './support/keyboard-entry';
import { SIZES } from './support/zoom';

mkdirSync('test-results/screens', { recursive: true });

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('New entry mid-loop: a result, the session strip, a follow-up entry with an error', async ({ desk }) => {
      const { page } = desk;
      await desk.open();
      await expect(page.locator('#field-account_code')).toBeFocused();
      await page.screenshot({ path: `test-results/screens/new-entry-${size.name}-start.png` });
      await keyFields(page, FULL_ENTRY);
      await page.keyboard.press('Control+Enter');
      await expect(page.getByTestId('recordid')).toHaveText('100001');
      await page.keyboard.press('Alt+K');
      await keyFields(page, { ...FOLLOW_UP, email: 'r.patel@example', telephone: '' }, 'reference');
      await page.locator('#field-email').focus();
      await page.locator('#field-reference').focus();
      await page.screenshot({ path: `test-results/screens/new-entry-${size.name}.png` });
      if (size.name === '1280x800') {
        await page.screenshot({ path: `test-results/screens/new-entry-${size.name}-full.png`, fullPage: true });
      }
    });

    test('Settings of a profile', async ({ desk }) => {
      const { page } = desk;
      desk.core.profiles.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
      await desk.open('#/settings');
      await page.getByRole('button', { name: 'Live' }).click();
      await expect(page.getByRole('heading', { name: 'Profile Live' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/settings-${size.name}.png` });
    });
  });
}
