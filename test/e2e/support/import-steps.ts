// Steps and files the Bulk import specs share: CSV files written to temporary folders, the file
// chosen through the stand-in dialog, queued rows sent mid-way by the pipeline itself.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from '@playwright/test';
import { expect, type Desk } from './harness';
import { EXPORTED_CSV } from '@test/support/csv-export';

export const HEADER = ['Account code', 'Reference', 'Policy', 'Surname', 'Postcode', 'Purchase date', 'Notes'];

/** Data row n (1-based; the file's row n + 1), valid: its own reference, a DD/MM/YYYY date. */
export const validRow = (n: number): string[] => [
  'ACME01',
  `IMP-${String(n).padStart(3, '0')}`,
  `FP-IMP-${String(n).padStart(3, '0')}`,
  `Surname${n}`,
  'M1 1AE',
  '11/02/2026',
  `note ${n}`,
];

/** Writes a CSV file (header first) into a fresh temporary folder; returns its path. */
export function writeCsv(name: string, rows: string[][], header = HEADER): string {
  const path = join(mkdtempSync(join(tmpdir(), 'feed-desk-import-')), name);
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  writeFileSync(path, [header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n');
  return path;
}

/** n valid rows. */
export const validRows = (n: number) => Array.from({ length: n }, (_, i) => validRow(i + 1));

export const readCsv = (path: string): Array<Record<string, string>> =>
  parse(readFileSync(path, 'utf8'), { ...EXPORTED_CSV, columns: true, skip_empty_lines: true });

export const tile = (scope: Locator, name: string) => scope.locator(`[data-count="${name}"] dd`);
export const checkCounts = (page: Page) => page.getByTestId('import-counts');
/** Chooses a column's field with the mouse: a click opens its list, a click on the option chooses it. */
export const chooseField = async (page: Page, column: Locator, label: string) => {
  await column.click();
  await page
    .getByRole('listbox', { name: (await column.getAttribute('aria-label')) ?? '' })
    .getByRole('option', { name: label })
    .click();
};

/** Opens Bulk import and chooses the file through the (stand-in) native dialog; waits for the check. */
export async function chooseFile(desk: Desk, path: string) {
  const { page } = desk;
  if (!page.url().includes('#/import')) await desk.open('#/import');
  await expect(page.getByRole('heading', { name: '1. File' })).toBeVisible();
  desk.toOpen.push(path);
  await page.getByRole('button', { name: 'Choose file…' }).click();
  await expect(page.getByRole('heading', { name: '2. Columns' })).toBeFocused();
}

/**
 * Sends `n` queued rows through the pipeline itself, four at a time, with the outbox not running:
 * the batch moves exactly that far and then holds still, mid-way, for as long as the test looks
 * (a batch that finished first would take its Pause and Cancel buttons with it).
 */
export async function sendRows(desk: Desk, n: number) {
  // The rows are queued by the screen's request, which may still be on its way: claim until n were
  // sent (nothing is claimed before they are queued).
  let sent = 0;
  await expect
    .poll(
      async () => {
        const jobs = await desk.core.pipeline.claimDue(Math.min(4, n - sent));
        await Promise.all(jobs.map((job) => desk.core.pipeline.deliver(job)));
        sent += jobs.length;
        return sent;
      },
      { message: `${n} queued rows claimed and sent`, timeout: 20_000 },
    )
    .toBe(n);
  expect(desk.sandbox.records.length).toBeGreaterThanOrEqual(n);
}

/** The status line's colour, to tell good news (green) from what needs a look. */
export const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
export const GREEN = 'rgb(20, 108, 46)';
