import ExcelJS from 'exceljs';
// Bulk import (screen 4), sending a batch: progress with pause, resume and cancel, failed rows
// retried, results exported, the batch in the Journal.
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from './support/harness';
import { sendEntry } from './support/journal-seed';
import { STATE_LABELS } from '@shared/journal/state-words';
import { checkCounts, chooseFile, readCsv, sendRows, tile, validRows, writeCsv } from './support/import-steps';

mkdirSync('test-results/screens', { recursive: true });
mkdirSync('docs', { recursive: true });

test.describe.configure({ timeout: 60_000 });

test('sending a batch: progress with rate and time left, pause stops sending, resume finishes, summary', async ({
  desk,
}) => {
  const { page } = desk;
  // Every request takes a while, so the batch of 40 takes a few seconds (four at a time).
  desk.sandbox.faults.add({ target: 'entry', times: 40, fault: { kind: 'latency', ms: 350 } });
  await chooseFile(desk, writeCsv('forty.csv', validRows(40)));
  await page.getByRole('button', { name: 'Send 40 valid rows' }).click();

  await expect(page.getByRole('heading', { name: '4. Sending batch 1' })).toBeFocused();
  await expect(page).toHaveURL(/#\/import\?batch=1$/);
  await expect(page.getByTestId('import-status')).toHaveText('Queued 40 rows as batch 1; sending has started.');
  const progress = page.getByRole('progressbar', { name: 'Batch progress' });
  await expect(progress).toHaveAttribute('max', '40');
  await expect(page.getByTestId('batch-info')).toContainText('forty.csv');

  // Mid-batch: counts, rate and time left follow the journal's changes; the batch is held there.
  await sendRows(desk, 12);
  await expect(page.getByTestId('batch-rate')).toHaveText(/^\d+(\.\d)? rows\/s · .+ left$/);
  const counts = page.getByTestId('batch-counts');
  await expect.poll(async () => Number(await tile(counts, 'accepted').textContent())).toBeGreaterThanOrEqual(8);
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThanOrEqual(8);
  await page.screenshot({ path: 'docs/import-1280x800.png' });

  // Pause: rows already being sent finish, then nothing more reaches the service.
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByTestId('import-status')).toContainText('Batch 1 paused');
  await expect(page.getByTestId('batch-rate')).toHaveText('Paused: no rows are being sent.');
  // The outbox runs again: the batch's own pause is what keeps its rows back.
  desk.core.outbox.start();
  await page.waitForTimeout(800);
  const stored = desk.sandbox.records.length;
  expect(stored).toBeLessThan(40);
  await page.waitForTimeout(1500);
  expect(desk.sandbox.records.length).toBe(stored);
  await expect(tile(counts, 'remaining')).toHaveText(String(40 - stored));
  await expect(page.getByRole('button', { name: 'Resume sending' })).toBeFocused();

  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByTestId('import-status')).toContainText('Batch 1 resumed');
  await expect(page.getByRole('heading', { name: '5. Summary of batch 1' })).toBeFocused({ timeout: 20_000 });
  await expect(page.getByTestId('import-status')).toHaveText('Batch 1 finished: 40 accepted.');
  const summary = page.getByTestId('batch-summary-counts');
  await expect(tile(summary, 'accepted')).toHaveText('40');
  await expect(tile(summary, 'failed')).toHaveText('0');
  await expect(tile(summary, 'total')).toHaveText('40');
  await expect(page.getByRole('button', { name: /Retry failed rows/ })).toHaveCount(0);
  expect(desk.sandbox.records).toHaveLength(40);
  // Some 120 journal changes (queued, sending, accepted per row) were followed by a few throttled
  // status reads, never one per change.
  const statusReads = desk.answers.filter((a) => a.includes('"remaining":')).length;
  expect(statusReads).toBeGreaterThan(3);
  expect(statusReads).toBeLessThan(40);
  await page.screenshot({ path: 'test-results/screens/import-summary.png' });
});

test('cancel keeps the unsent rows queued (resumable) or discards them', async ({ desk }) => {
  const { page } = desk;
  desk.sandbox.faults.add({ target: 'entry', times: 30, fault: { kind: 'latency', ms: 400 } });
  await chooseFile(desk, writeCsv('thirty.csv', validRows(30)));
  await page.getByRole('button', { name: 'Send 30 valid rows' }).click();
  await sendRows(desk, 4);

  // The question opens on the safe choice; Escape keeps sending.
  await page.getByRole('button', { name: 'Cancel batch…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this batch?' });
  await expect(dialog.getByRole('button', { name: 'Go on sending' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel batch…' }).click();
  await dialog.getByRole('button', { name: 'Keep unsent rows queued' }).click();
  await expect(page.getByTestId('import-status')).toContainText('the unsent rows stay queued with the batch paused');
  // The outbox runs again: the batch's pause is what keeps its rows back.
  desk.core.outbox.start();
  await page.waitForTimeout(800);
  const stored = desk.sandbox.records.length;
  await page.waitForTimeout(1000);
  expect(desk.sandbox.records.length).toBe(stored);
  const { rows: queued } = await desk.core.journal.list({ batch: 1, states: ['queued'] });
  expect(queued.length).toBe(30 - stored);

  // Later (here: another visit of the screen) the batch is found under Recent imports and resumed.
  await page.getByRole('link', { name: 'New entry' }).click();
  await page.keyboard.press('Alt+I');
  await page.getByRole('link', { name: 'Batch 1 — thirty.csv' }).click();
  await expect(page.getByText('Batch 1 is paused')).toBeVisible();
  // The outbox stops again (idle: it claimed nothing of the paused batch); two rows are sent by hand.
  desk.core.outbox.pause();
  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByRole('button', { name: 'Pause sending' })).toBeVisible();
  await sendRows(desk, 2);

  // Discard: what is not sent yet is never sent.
  await page.getByRole('button', { name: 'Cancel batch…' }).click();
  await dialog.getByRole('button', { name: 'Discard unsent rows' }).click();
  await expect(page.getByTestId('import-status')).toContainText(
    /Batch 1 cancelled: \d+ unsent rows? (was|were) discarded/,
  );
  await expect(page.getByRole('heading', { name: '5. Summary of batch 1' })).toBeFocused({ timeout: 10_000 });
  const summary = page.getByTestId('batch-summary-counts');
  const accepted = Number(await tile(summary, 'accepted').textContent());
  const discarded = Number(await tile(summary, 'discarded').textContent());
  expect(accepted + discarded).toBe(30);
  expect(discarded).toBeGreaterThan(0);
  desk.core.outbox.start();
  await page.waitForTimeout(800);
  expect(desk.sandbox.records).toHaveLength(accepted);
});

test('failed rows: Retry failed rows queues only those (not the unknown one); batch results CSV; Open in Journal shows only the batch', async ({
  desk,
}) => {
  const { page } = desk;
  // An entry keyed by hand before: in the journal, not in the batch.
  await sendEntry(desk, 'HAND-1');
  desk.core.outbox.start();
  // The first six requests are answered (slowly). The seventh gets a 500 (the entry may have been
  // stored: unknown, never retried automatically); the next nine get 503, three tries for each of
  // the other three rows, so those end failed.
  desk.sandbox.faults.add({ target: 'entry', times: 6, fault: { kind: 'latency', ms: 200 } });
  desk.sandbox.faults.add({ target: 'entry', times: 1, fault: { kind: 'status', status: 500 } });
  desk.sandbox.faults.add({ target: 'entry', times: 9, fault: { kind: 'status', status: 503 } });
  await chooseFile(desk, writeCsv('ten.csv', validRows(10)));
  await page.getByRole('button', { name: 'Send 10 valid rows' }).click();

  await expect(page.getByRole('heading', { name: '5. Summary of batch 1' })).toBeFocused({ timeout: 20_000 });
  await expect(page.getByTestId('import-status')).toHaveText('Batch 1 finished: 6 accepted, 3 failed, 1 unknown.');
  const summary = page.getByTestId('batch-summary-counts');
  await expect(tile(summary, 'accepted')).toHaveText('6');
  await expect(tile(summary, 'failed')).toHaveText('3');
  await expect(tile(summary, 'unknown')).toHaveText('1');
  expect(desk.sandbox.records).toHaveLength(1 + 6);
  const before = (await desk.core.journal.list({ batch: 1 })).rows;
  const failedIds = before.filter((r) => r.state === 'failed').map((r) => r.id);
  expect(failedIds).toHaveLength(3);

  await page.getByRole('button', { name: 'Retry failed rows (3)' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Batch 1 finished: 9 accepted, 1 unknown.', {
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: '5. Summary of batch 1' })).toBeFocused();
  await expect(tile(summary, 'accepted')).toHaveText('9');
  await expect(tile(summary, 'unknown')).toHaveText('1');
  await expect(page.getByRole('button', { name: /Retry failed rows/ })).toHaveCount(0);
  // Only the three failed rows were sent again (the unknown one waits for a person); none twice.
  expect(desk.sandbox.records).toHaveLength(1 + 9);
  const after = (await desk.core.journal.list({ batch: 1, sort: 'id', direction: 'asc' })).rows;
  for (const row of before) {
    const now = after.find((r) => r.id === row.id)!;
    if (failedIds.includes(row.id)) expect(now.state).toBe('accepted');
    else expect(now).toMatchObject({ state: row.state, recordid: row.recordid, attempts: row.attempts });
  }
  expect(new Set(after.flatMap((r) => (r.recordid ? [r.recordid] : []))).size).toBe(9);

  // The finish screen lists each sent row with its outcome and recordid, narrowed by outcome.
  const sentRows = page.getByRole('table', { name: 'Rows sent and their outcome' });
  await expect(page.getByTestId('batch-rows-count')).toHaveText('10 rows.');
  await expect(sentRows.locator('tbody tr')).toHaveCount(10);
  for (const row of after) {
    await expect(sentRows.locator(`tr[data-reference="${row.reference}"] td`)).toHaveText([
      String(row.id),
      row.reference,
      STATE_LABELS[row.state],
      row.recordid === null ? '–' : String(row.recordid),
    ]);
  }
  await page.getByLabel('Rows sent, by outcome').selectOption({ label: STATE_LABELS.unknown });
  await expect(page.getByTestId('batch-rows-count')).toHaveText('1 row.');
  const unknownRow = after.find((r) => r.state === 'unknown')!;
  await expect(sentRows.locator('tbody tr')).toHaveCount(1);
  await expect(sentRows.locator('tbody tr td').nth(1)).toHaveText(unknownRow.reference);
  await page.getByLabel('Rows sent, by outcome').selectOption({ label: 'All outcomes' });
  await expect(sentRows.locator('tbody tr')).toHaveCount(10);

  // The batch's results as CSV (chosen in the save dialog): file row → state, recordid, message, in words.
  desk.saveAs.push('csv');
  await page.getByRole('button', { name: 'Export batch results…' }).click();
  await expect(page.getByTestId('batch-exported')).toHaveText(/^Saved the results of 10 rows to .*\.csv$/);
  const results = readCsv(desk.saved.at(-1)!);
  expect(results.map((r) => Number(r.Row))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  for (const r of results) {
    const row = after.find((a) => a.batchRow === Number(r.Row))!;
    expect(r).toMatchObject({
      State: STATE_LABELS[row.state],
      Recordid: String(row.recordid ?? ''),
      Reference: row.reference,
    });
  }
  expect(results.filter((r) => r.State === 'Unknown')).toHaveLength(1);
  const firstLine = (path: string) => readFileSync(path, 'utf8').split('\r\n')[0];
  // Headings in row 1: the save dialog says the file holds personal data.
  expect(firstLine(desk.saved.at(-1)!)).toBe(
    '\uFEFF"Row","State","Recordid","Message","Reference","Surname","Journal #","Duplicate of"',
  );
  // Without personal details (reached and ticked from the keyboard): no surname column; a workbook by default.
  const without = page.getByRole('checkbox', { name: 'Without personal details' });
  await page.getByRole('button', { name: 'Export batch results…' }).focus();
  await page.keyboard.press('Tab');
  await expect(without).toBeFocused();
  await page.keyboard.press('Space');
  await expect(without).toBeChecked();
  const next = desk.saved.length + 1;
  await page.getByRole('button', { name: 'Export batch results…' }).click();
  await expect(page.getByTestId('batch-exported')).toHaveText(
    new RegExp(`^Saved the results of 10 rows to .*/${next}-ten-batch-1-results\\.xlsx$`),
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(desk.saved.at(-1)!);
  const sheet = book.getWorksheet('Results')!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Row',
    'State',
    'Recordid',
    'Message',
    'Reference',
    'Journal #',
    'Duplicate of',
  ]);
  expect(Array.from({ length: 10 }, (_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(
    results.map((r) => Number(r.Row)),
  );
  expect(book.getWorksheet('Personal data')).toBeUndefined();

  // Open these rows in the Journal: the batch's rows only, the filter a chip naming the file.
  await page.getByRole('button', { name: 'Open these rows in the Journal' }).click();
  await expect(page).toHaveURL(/#\/journal\?batch=1$/);
  await expect(page.getByText('10 entries match')).toBeVisible();
  await expect(page.getByTestId('batch-chip')).toHaveText(/Batch 1 — ten\.csv/);
  const grid = page.getByRole('grid', { name: 'Journal' });
  await expect(grid.getByRole('row').filter({ hasText: 'HAND-1' })).toHaveCount(0);
  await expect(grid.getByRole('row').filter({ hasText: 'IMP-001' })).toHaveCount(1);
  desk.saveAs.push('csv');
  await page.getByRole('button', { name: 'Export batch results' }).click();
  await expect(page.getByText(/^Saved the results of 10 rows to /)).toBeVisible();
  expect(readCsv(desk.saved.at(-1)!)).toHaveLength(10);
  await page.screenshot({ path: 'test-results/screens/import-journal-batch.png' });
  await page.getByRole('button', { name: 'Remove filter Batch 1 — ten.csv' }).click();
  await expect(page.getByText('11 entries match')).toBeVisible();
  await expect(page).toHaveURL(/#\/journal$/);

  // The same file again: imported before, continuing it sends nothing twice.
  await page.keyboard.press('Alt+I');
  await chooseFile(desk, writeCsv('ten.csv', validRows(10)));
  await expect(page.getByTestId('import-earlier')).toContainText('This file was imported before');
  await expect(page.getByTestId('import-earlier')).toContainText('the 10 rows already in it are never sent twice');
  await expect(tile(checkCounts(page), 'already imported')).toHaveText('10');
  await expect(page.getByRole('button', { name: 'Send 0 valid rows' })).toBeDisabled();
});
