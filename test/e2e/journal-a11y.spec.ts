import type { QueuedFault } from '../../electron/sandbox/faults';
import { expect, test, type Desk } from './support/harness';
import { SIZES } from './support/zoom';
import { sendEntry, seriousViolations } from './support/journal-seed';

const seed = (desk: Desk, reference: string, surname: string, fault?: QueuedFault['fault']) =>
  sendEntry(desk, reference, { surname, postcode: 'LS1 4AP' }, fault);

for (const size of SIZES.filter((s) => s.name === '1280x800' || s.name === '1024x768-zoom200')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    test.describe.configure({ timeout: 90_000 });

    test('the Journal list (rows, filters, selection, the review question) has no serious or critical accessibility violations', async ({
      desk,
    }) => {
      const { page } = desk;
      await seed(desk, 'ACC-1', 'Smith');
      await seed(desk, 'REJ-1', 'Jones', { kind: 'status', status: 400 });
      await seed(desk, 'FAIL-1', 'Patel', { kind: 'status', status: 503 });
      await seed(desk, 'UNK-1', 'Brown', { kind: 'status', status: 502 });
      const input = { account_code: 'ACME01', reference: 'Q-1', policy: 'P-1', surname: 'Queue', postcode: 'M1 1AE' };
      await desk.core.pipeline.submit({ kind: 'entry', input, profile: 'Sandbox' });

      await desk.open('#/journal');
      await expect(page.getByText('5 entries match')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Journal, 3 need attention' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      const grid = page.getByRole('grid', { name: 'Journal' });
      await grid.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Reference', exact: true }).click();
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Failed' }).check();
      await page.getByLabel('Search').fill('a');
      await expect(page.getByText(/entr(y|ies) match/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
      await page.getByRole('button', { name: /Mark reviewed/ }).click();
      await expect(page.getByRole('dialog', { name: /Mark \d+ entries reviewed/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByRole('checkbox', { name: 'Unknown' }).check();
      await page.getByLabel('Search').fill('nothing like this');
      await expect(page.getByText('No entries match these filters.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
