// Cancellation screen at 1280x800 and at 200% zoom: no serious or critical accessibility violations.
import { mkdirSync } from 'node:fs';
import { expect, test } from './support/harness';
import { ZOOM_200 } from './support/zoom';
import { sendEntry, seriousViolations } from './support/journal-seed';
import { field, fileCancellation, openDetail, result } from './support/cancellation-steps';

mkdirSync('test-results/screens', { recursive: true });

for (const size of [
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: '1024x768-zoom200', ...ZOOM_200 },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    test.describe.configure({ timeout: 90_000 });

    test('the screen, its results, errors, answer and duplicate question have no serious or critical accessibility violations', async ({
      desk,
    }) => {
      const { page } = desk;
      const shot = (what: string) =>
        page.screenshot({ path: `test-results/screens/cancellation-${what}-${size.name}.png` });
      const first = await sendEntry(desk, 'AXE-1', { surname: 'Whitfield' });
      await sendEntry(desk, 'AXE-2', { surname: 'Whitmore' });
      await sendEntry(desk, 'AXE-3', { surname: 'Whitby' }, { kind: 'status', status: 400 });
      await fileCancellation(desk, 100002);

      await desk.open('#/cancellation');
      await expect(page.getByRole('combobox', { name: 'Find the original entry' })).toBeFocused();
      expect(await seriousViolations(page), 'empty').toEqual([]);
      await shot('start');

      // Errors at the fields, after a submit of nothing.
      await page.keyboard.press('Control+Enter');
      await expect(field(page, 'recordid')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#cancel-reason-error')).toHaveText('Enter the reason');
      expect(await seriousViolations(page), 'errors').toEqual([]);
      await shot('errors');

      // The results, one of them refused (greyed, not choosable).
      await page.getByRole('combobox', { name: 'Find the original entry' }).focus();
      await page.keyboard.type('Whit');
      await expect(page.getByRole('option')).toHaveCount(3);
      await expect(page.getByRole('option', { name: /Whitby/ })).toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option', { selected: true })).toContainText('Whitmore');
      expect(await seriousViolations(page), 'results').toEqual([]);
      await shot('results');

      // Whitmore already has a cancellation: the duplicate question.
      await page.keyboard.press('Enter');
      await expect(field(page, 'reason')).toBeFocused();
      await field(page, 'reason').fill('Second request');
      await page.keyboard.press('Control+Enter');
      const dialog = page.getByRole('dialog', { name: 'Cancellation already filed?' });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page), 'duplicate').toEqual([]);
      await shot('duplicate');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Whitfield: accepted.
      await page.getByRole('combobox', { name: 'Find the original entry' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option', { selected: true })).toContainText('Whitfield');
      await page.keyboard.press('Enter');
      await expect(field(page, 'recordid')).toHaveValue(String(first.recordid));
      await page.keyboard.press('Control+Enter');
      await expect(result(page)).toContainText('Accepted');
      expect(await seriousViolations(page), 'accepted').toEqual([]);
      await shot('accepted');

      // The entry's detail with its linked cancellation.
      await openDetail(desk, first.id);
      await expect(page.getByTestId('detail-linked')).toContainText('Cancellation #');
      expect(await seriousViolations(page), 'detail').toEqual([]);
      await page.getByTestId('detail-linked').scrollIntoViewIfNeeded();
      await shot('detail');
    });
  });
}
