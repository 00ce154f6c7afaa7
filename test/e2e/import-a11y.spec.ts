// Bulk import (screen 4) at the window sizes and zoom: the check and progress steps have no serious
// accessibility violations and nothing is wider than the window.
import { mkdirSync } from 'node:fs';
import { expect, test } from './support/harness';
import { seriousViolations } from './support/journal-seed';
import { SIZES } from './support/zoom';
import {
  GREEN,
  checkCounts,
  chooseFile,
  colourOf,
  sendRows,
  tile,
  validRow,
  validRows,
  writeCsv,
} from './support/import-steps';

mkdirSync('test-results/screens', { recursive: true });

test.describe.configure({ timeout: 60_000 });

for (const size of SIZES.filter((s) => s.name === '1280x800' || s.name === '1024x768-zoom200')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the columns and errors step and the progress step have no serious accessibility violations', async ({
      desk,
    }) => {
      const { page } = desk;
      const rows = validRows(24);
      rows[2]![4] = 'NOPE';
      rows[5]![3] = '';
      rows.push([...validRow(1)]);
      await chooseFile(desk, writeCsv('a11y.csv', rows));
      await expect(tile(checkCounts(page), 'invalid')).toHaveText('2');
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing wider than the window: the navigation wraps, tables scroll inside themselves.
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        nav: Math.max(...Array.from(document.querySelectorAll('nav a')).map((a) => a.getBoundingClientRect().right)),
        width: document.documentElement.clientWidth,
      }));
      expect(overflow.page).toBeLessThanOrEqual(0);
      expect(overflow.nav).toBeLessThanOrEqual(overflow.width);
      await page.screenshot({ path: `test-results/screens/import-check-${size.name}.png`, fullPage: true });

      // A column's field list, open, within the window and read by assistive technology.
      const surname = page.getByRole('combobox', { name: 'Field for column D (Surname)' });
      await surname.focus();
      await page.keyboard.type('po');
      const list = page.getByRole('listbox', { name: 'Field for column D (Surname)' });
      await expect(list.getByRole('option', { selected: true })).toHaveText(/^Postcode/);
      await expect(list).toBeInViewport();
      expect(await seriousViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/import-field-list-${size.name}.png` });
      await page.keyboard.press('Escape');
      await expect(surname).toHaveValue('Surname');

      await page.getByRole('button', { name: 'Fix row 4' }).click();
      await expect(page.getByRole('textbox', { name: 'Postcode' })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // The outbox is not started: the batch stays mid-way, four rows sent by the pipeline itself and
      // the rest queued, for as long as the test looks (so Pause sending cannot vanish under it).
      await page.getByRole('button', { name: 'Send 22 valid rows' }).click();
      await expect(page.getByRole('heading', { name: /^4\. Sending batch/ })).toBeFocused();
      await sendRows(desk, 4);
      expect(desk.sandbox.records).toHaveLength(4);
      await expect(page.getByTestId('batch-progress-words')).toHaveText(/^4 of 22 rows done/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screens/import-progress-${size.name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Pause sending' }).click();
      await expect(page.getByText(/Batch \d+ is paused/)).toBeVisible();
      // A paused batch is not good news: the status line is not green.
      await expect(page.getByTestId('import-status')).toContainText('paused');
      expect(await colourOf(page.getByTestId('import-status'))).not.toBe(GREEN);
      expect(await seriousViolations(page)).toEqual([]);
      expect(desk.sandbox.records).toHaveLength(4);
    });
  });
}
