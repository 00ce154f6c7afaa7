import type { Page } from '@playwright/test';
import { expect, test, type Desk } from './support/harness';
import { sendEntry } from './support/journal-seed';
import { SIZES } from './support/zoom';

/** Entries of several states, and a cancellation of the accepted one (its kind the longest word). */
async function seed(desk: Desk) {
  const accepted = await sendEntry(desk, 'ACC-1', { surname: 'Smith' });
  await sendEntry(desk, 'REJ-1', { surname: 'Jones' }, { kind: 'status', status: 400 });
  await sendEntry(desk, 'UNK-1', { surname: 'Brown' }, { kind: 'status', status: 502 });
  const input = { recordid: String(accepted.recordid), cancellation_date: '2026-03-01', reason: 'Sold' };
  const cancellation = await desk.core.pipeline.submit({ kind: 'cancellation', input, profile: 'Sandbox' });
  if (!cancellation.ok) throw new Error(`could not queue the cancellation: ${JSON.stringify(cancellation)}`);
  return accepted;
}

/** Elements of the list whose text is cut short (wider than their box), as "class: text". */
const cutShort = (page: Page, selector: string) =>
  page
    .locator(`[role=grid] .grid-body ${selector}`)
    .evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${el.className}: ${el.textContent}`),
    );

/**
 * The key columns' cells of the rows shown that are not wholly inside the list's visible box: state,
 * reference, surname, recordid and policy, and the time except in the narrowest list (200 %).
 */
const keyCellsOutOfView = (page: Page, withTime: boolean) =>
  page.locator('[role=grid]').evaluate((grid, withTime) => {
    const box = grid.getBoundingClientRect();
    const cells = grid.querySelectorAll(
      `.grid-body [role=row] :is(${withTime ? '.col-created_at, ' : ''}.col-state, .col-reference, .col-surname, .col-recordid, .col-policy)`,
    );
    return Array.from(cells)
      .filter((cell) => {
        const r = cell.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth + 1;
      })
      .map((cell) => `${cell.className}: ${cell.textContent}`);
  }, withTime);

for (const size of SIZES.filter((s) => s.name === '1024x768' || s.name === '1024x768-zoom200')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    test.describe.configure({ timeout: 90_000 });

    const narrowest = size.name === '1024x768-zoom200';
    test('states are never cut short, kinds only in the narrowest list; with the detail open the key columns stay in view on the open row', async ({
      desk,
    }) => {
      const { page } = desk;
      const accepted = await seed(desk);
      await desk.open('#/journal');
      await expect(page.getByText('4 entries match')).toBeVisible();
      // Kind is the column that yields first (issue 40): whole in a wide list, cut at 200 %.
      if (!narrowest) expect(await cutShort(page, '.col-kind')).toEqual([]);
      expect(await cutShort(page, '.state-chip')).toEqual([]);
      await expect(page.locator('.grid-body .col-kind').first()).toHaveText('Cancellation');

      await desk.open(`#/journal?id=${accepted.id}`);
      await expect(page.getByRole('heading', { name: `Journal #${accepted.id}` })).toBeVisible();
      const open = page.locator('.grid-body [role=row]').filter({ hasText: 'ACC-1' });
      await expect(open).toHaveClass(/\bactive\b/);
      await expect(page.getByRole('grid', { name: 'Journal' })).toHaveAttribute(
        'aria-activedescendant',
        (await open.getAttribute('id'))!,
      );
      expect(await keyCellsOutOfView(page, !narrowest)).toEqual([]);
      expect(await cutShort(page, '.state-chip')).toEqual([]);
      await page.screenshot({ path: `test-results/screens/journal-columns-${size.name}.png` });
    });
  });
}
