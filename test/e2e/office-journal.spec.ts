// The Journal screen of a desk on the office database (PostgreSQL): rows another desk submits
// appear without a reload (LISTEN/NOTIFY through the preload subscription).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openCore } from '@main/core/core';
import { startDeskBackend } from '../support/desk-backend';
import { freshOfficeJournal, RIG_USER } from '../support/office-journal';
import { postgresMissing } from '../support/postgres';
import { sampleInput } from '../support/service';

const missing = postgresMissing();

test('a desk on the office journal sees another desk’s submission in its Journal screen without reload', async ({
  page,
}) => {
  test.skip(missing !== undefined, `SKIPPED: ${missing}`);
  test.setTimeout(60_000);
  // An office database named as offices name them: long enough to crowd the top bar.
  const office = await freshOfficeJournal('feed_desk_leeds_head_office_journal');
  const desk = await startDeskBackend(page, process.env.FEED_DESK_RENDERER ?? 'out/renderer', {
    journal: office.open,
  });
  const other = await openCore({
    home: mkdtempSync(join(tmpdir(), 'feed-desk-other-desk-')),
    sandboxUrl: () => desk.sandbox.url,
    journal: office.open,
  });
  try {
    await page.goto(`${desk.url}/index.html#/journal`);
    const grid = page.getByRole('grid', { name: 'Journal' });
    await expect(grid).toBeVisible();
    await expect(page.getByText(/office db .* signed in as desk_supervisor \(supervisor\)/)).toBeVisible();
    // At 1280 px the top bar keeps to one line (the server's name may shorten; whole on hover).
    await page.setViewportSize({ width: 1280, height: 800 });
    const centres = await page
      .locator('.topbar')
      .evaluate((bar) =>
        Array.from(bar.children).map((c) =>
          Math.round(c.getBoundingClientRect().y + c.getBoundingClientRect().height / 2),
        ),
      );
    expect(new Set(centres).size, `top bar items at heights ${centres.join(', ')}`).toBe(1);
    await expect(page.getByTestId('journal-badge')).toHaveAttribute(
      'title',
      /office db .+ · signed in as desk_supervisor \(supervisor\)/,
    );
    await expect(grid.getByRole('row').filter({ hasText: 'OTHER-DESK-1' })).toHaveCount(0);

    const queued = await other.pipeline.submit({
      kind: 'entry',
      input: sampleInput({ reference: 'OTHER-DESK-1', surname: 'Elsewhere' }),
      profile: 'Sandbox',
    });
    if (!queued.ok) throw new Error('not queued');
    await other.pipeline.send(queued.row.id);

    const row = grid.getByRole('row').filter({ hasText: 'OTHER-DESK-1' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Accepted');
    await expect(row).toContainText(RIG_USER.user);
    await page.screenshot({ path: 'test-results/screens/journal-office.png' });
  } finally {
    await other.close();
    await desk.close();
  }
});
