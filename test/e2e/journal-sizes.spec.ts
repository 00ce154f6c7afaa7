// Issue 32, the supervisor: at 1024 px, 1280 px and 200 % zoom the open entry's detail gives way
// so the key columns (time, state, reference, surname, recordid) stay readable, a sideways scroll
// says so, and a cancellation row names the entry it cancels (surname, recordid labelled).
import type { Page } from '@playwright/test';
import { expect, test, type Desk } from './support/harness';
import { sendEntry, seriousViolations } from './support/journal-seed';
import { SIZES } from './support/zoom';

/** The columns that tell rows apart, read whole at every size; the time too where the list is not at its narrowest. */
const KEY_COLUMNS = ['state', 'reference', 'surname', 'recordid', 'policy'] as const;

/** An accepted entry and a cancellation of it; policy numbers as an insurer writes them. */
async function seed(desk: Desk) {
  const accepted = await sendEntry(desk, 'ACC-1', { surname: 'Oduya', policy: 'FG-26-004217' });
  await sendEntry(desk, 'REJ-1', { surname: 'Jones', policy: 'FG-26-004218' }, { kind: 'status', status: 400 });
  const input = { recordid: String(accepted.recordid), cancellation_date: '2026-03-01', reason: 'Sold' };
  const cancellation = await desk.core.pipeline.submit({ kind: 'cancellation', input, profile: 'Sandbox' });
  if (!cancellation.ok) throw new Error(`could not queue the cancellation: ${JSON.stringify(cancellation)}`);
  return { accepted, cancellation: cancellation.row };
}

/** Key cells and headers that are cut short or not wholly inside the list's visible box, as "column: text". */
const unreadableKeyCells = (page: Page, columns: readonly string[]) =>
  page.locator('[role=grid]').evaluate((grid, columns) => {
    const box = grid.getBoundingClientRect();
    const selector = columns.map((c) => `.col-${c}`).join(', ');
    return Array.from(grid.querySelectorAll<HTMLElement>(`[role=row] :is(${selector})`))
      .filter((cell) => {
        const r = cell.getBoundingClientRect();
        // The state's next try ("waiting to send") may give way; its chip may not.
        const inner = Array.from(cell.querySelectorAll<HTMLElement>('*:not(.next-try)'));
        const cut = [cell, ...inner].some(
          (el) => el.scrollWidth > el.clientWidth + 1 || (el === cell && el.scrollHeight > el.clientHeight + 1),
        );
        return cut || r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth + 1;
      })
      .map(
        (cell) =>
          `${cell.className}: ${cell.textContent} ${cell.scrollWidth}/${cell.clientWidth} grid ${grid.clientWidth}`,
      );
  }, columns);

for (const size of SIZES.filter((s) => s.name !== '1920x1080')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    test.describe.configure({ timeout: 90_000 });

    const columns = size.name === '1024x768-zoom200' ? KEY_COLUMNS : (['created_at', ...KEY_COLUMNS] as const);

    test('with an entry open, state, reference, surname, recordid and policy read whole', async ({ desk }) => {
      const { page } = desk;
      const { accepted } = await seed(desk);
      await desk.open(`#/journal?id=${accepted.id}`);
      await expect(page.getByRole('heading', { name: `Journal #${accepted.id}` })).toBeVisible();
      await expect(page.locator('.grid-body [role=row]')).toHaveCount(3);
      expect(await unreadableKeyCells(page, columns)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screens/journal-detail-open-${size.name}.png` });
    });

    test('with no entry open, state, reference, surname, recordid and policy read whole', async ({ desk }) => {
      const { page } = desk;
      await seed(desk);
      await desk.open('#/journal');
      await expect(page.locator('.grid-body [role=row]')).toHaveCount(3);
      expect(await unreadableKeyCells(page, columns)).toEqual([]);
    });

    test('a list wider than its box says it scrolls sideways', async ({ desk }) => {
      const { page } = desk;
      await seed(desk);
      await desk.open('#/journal');
      await expect(page.getByText('3 entries match')).toBeVisible();
      const grid = page.getByRole('grid', { name: 'Journal' });
      const wider = await grid.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      const note = page.getByText(/scroll sideways/);
      if (wider) {
        await expect(note).toBeVisible();
        await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await expect(note).toHaveText(/scroll sideways/);
      } else {
        await expect(note).toHaveCount(0);
      }
      expect(size.name === '1024x768-zoom200' ? wider : true).toBe(true);
      await page.screenshot({ path: `test-results/screens/journal-list-${size.name}.png` });
    });
  });
}

test('a cancellation row shows the cancelled entry’s surname and its recordid, labelled', async ({ desk }) => {
  const { page } = desk;
  const { accepted } = await seed(desk);
  await desk.open('#/journal');
  const row = page.locator('.grid-body [role=row]').filter({ hasText: 'Cancellation' });
  await expect(row.locator('.col-surname')).toHaveText('Oduya');
  await expect(row.locator('.col-recordid')).toContainText(`cancels ${accepted.recordid}`);
  // The entry's own row is unchanged.
  const entry = page.locator('.grid-body [role=row]').filter({ hasText: 'ACC-1' });
  await expect(entry.locator('.col-recordid')).toHaveText(String(accepted.recordid));
});
