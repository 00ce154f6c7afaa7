// Bulk import (screen 4): a CSV checked row by row, fixed in place, queued as one batch, sent
// with progress (pause, resume, cancel), failed rows retried, results exported, the batch in the Journal.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Desk } from './support/harness';
import { seriousViolations, sendEntry } from './support/journal-seed';
import { SIZES } from './support/zoom';
import { EXPORTED_CSV } from '../support/csv-export';
import { personalDataNotice } from '../../shared/journal/personal-fields';
import { STATE_LABELS } from '../../shared/journal/state-words';
import { FIELD_LABELS, type EntryField } from '../../shared/entry/fields';

mkdirSync('test-results/screens', { recursive: true });
mkdirSync('docs', { recursive: true });

const HEADER = ['Account code', 'Reference', 'Policy', 'Surname', 'Postcode', 'Purchase date', 'Notes'];

/** Data row n (1-based; the file's row n + 1), valid: its own reference, a DD/MM/YYYY date. */
const validRow = (n: number): string[] => [
  'ACME01',
  `IMP-${String(n).padStart(3, '0')}`,
  'FURN-PLUS',
  `Surname${n}`,
  'M1 1AE',
  '11/02/2026',
  `note ${n}`,
];

/** Writes a CSV file (header first) into a fresh temporary folder; returns its path. */
function writeCsv(name: string, rows: string[][], header = HEADER): string {
  const path = join(mkdtempSync(join(tmpdir(), 'feed-desk-import-')), name);
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  writeFileSync(path, [header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n');
  return path;
}

/** n valid rows. */
const validRows = (n: number) => Array.from({ length: n }, (_, i) => validRow(i + 1));

const readCsv = (path: string): Array<Record<string, string>> =>
  parse(readFileSync(path, 'utf8'), { ...EXPORTED_CSV, columns: true, skip_empty_lines: true });

const tile = (scope: Locator, name: string) => scope.locator(`[data-count="${name}"] dd`);
const checkCounts = (page: Page) => page.getByTestId('import-counts');
/** Chooses a column's field with the mouse: a click opens its list, a click on the option chooses it. */
const chooseField = async (page: Page, column: Locator, label: string) => {
  await column.click();
  await page
    .getByRole('listbox', { name: (await column.getAttribute('aria-label')) ?? '' })
    .getByRole('option', { name: label })
    .click();
};

/** Opens Bulk import and chooses the file through the (stand-in) native dialog; waits for the check. */
async function chooseFile(desk: Desk, path: string) {
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
async function sendRows(desk: Desk, n: number) {
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

test.describe.configure({ timeout: 60_000 });

test('a file with errors: columns re-checked, a row fixed in place, rejected rows exported, a duplicate sent anyway', async ({
  desk,
}) => {
  const { page } = desk;
  desk.core.outbox.start();
  const rows = validRows(7);
  rows[1]![3] = ''; // file row 3: no surname
  rows[3]![4] = 'NOPE'; // file row 5: a bad postcode…
  rows[3]![5] = '31/02/2026'; // …and a day February does not have
  rows.push([...validRow(1)]); // file row 9 repeats row 2
  const path = writeCsv('policies.csv', rows);

  // Alt+I goes to Bulk import from anywhere; the first step's heading takes the focus.
  await desk.open('#/new-entry');
  await expect(page.locator('#field-account_code')).toBeFocused();
  await page.keyboard.press('Alt+I');
  await expect(page).toHaveURL(/#\/import$/);
  await expect(page.getByRole('link', { name: 'Bulk import' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: '1. File' })).toBeFocused();

  // A file that is not a table is refused in plain words.
  const picture = join(mkdtempSync(join(tmpdir(), 'feed-desk-import-')), 'scan.png');
  writeFileSync(picture, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
  desk.toOpen.push(picture);
  await page.getByRole('button', { name: 'Choose file…' }).click();
  await expect(page.getByRole('alert')).toContainText('This is not a CSV or .xlsx file');
  await expect(page.getByRole('heading', { name: '2. Columns' })).toHaveCount(0);

  await chooseFile(desk, path);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('import-file-name')).toHaveText('policies.csv');
  await expect(page.getByTestId('import-file-info')).toContainText('CSV, UTF-8, comma-separated');
  await expect(page.getByTestId('import-status')).toHaveText(
    'Checked policies.csv: 8 rows, 6 valid, 2 invalid, 1 duplicate.',
  );
  const counts = checkCounts(page);
  await expect(tile(counts, 'rows')).toHaveText('8');
  await expect(tile(counts, 'valid')).toHaveText('6');
  await expect(tile(counts, 'invalid')).toHaveText('2');
  await expect(tile(counts, 'duplicates')).toHaveText('1');
  await expect(tile(counts, 'already imported')).toHaveText('0');

  // Columns matched by heading; Notes is not imported. Leaving Surname out calls it out and re-checks.
  const surnameColumn = page.getByRole('combobox', { name: 'Field for column D (Surname)' });
  await expect(surnameColumn).toHaveValue('Surname');
  await expect(page.getByRole('combobox', { name: 'Field for column G (Notes)' })).toHaveValue('— not imported —');
  await chooseField(page, surnameColumn, '— not imported —');
  await expect(page.getByTestId('import-missing')).toContainText('Required fields with no column: Surname');
  await expect(tile(counts, 'valid')).toHaveText('0');
  await chooseField(page, surnameColumn, 'Surname');
  await expect(page.getByTestId('import-missing')).toHaveCount(0);
  await expect(tile(counts, 'valid')).toHaveText('6');

  // The errors: row number, field, the cell and the message.
  const problems = page.getByRole('table', { name: /Rows with errors/ });
  await expect(problems.locator('tbody[data-row="3"]')).toContainText('Surname');
  await expect(problems.locator('tbody[data-row="3"]')).toContainText('Enter the surname');
  await expect(problems.locator('tbody[data-row="5"]')).toContainText('NOPE');
  await expect(problems.locator('tbody[data-row="5"]')).toContainText('February 2026 has only 28 days');

  // Export rejected rows: the invalid rows as they are in the file, with an error column.
  await page.getByRole('button', { name: 'Export rejected rows (CSV)' }).click();
  await expect(page.getByText(/^Saved 2 rejected rows to /).first()).toBeVisible();
  // The file's own headings and columns (Notes too), and a Problem column.
  const rejected = readCsv(desk.saved[0]!);
  expect(Object.keys(rejected[0]!)).toEqual([...HEADER, 'Problem']);
  expect(rejected[0]).toMatchObject({
    Reference: 'IMP-002',
    Surname: '',
    Notes: 'note 2',
    Problem: 'Row 3: Surname: Enter the surname',
  });
  expect(rejected[1]).toMatchObject({ Reference: 'IMP-004', Postcode: 'NOPE', 'Purchase date': '31/02/2026' });
  expect(rejected[1]!.Problem).toContain('Row 5: Postcode: Enter a UK postcode');
  expect(rejected[1]!.Problem).toContain('Purchase date: February 2026 has only 28 days');

  // Fix row 3 in place: its editor opens on the field in error; Enter saves and checks again.
  await page.getByRole('button', { name: 'Fix row 3' }).click();
  const surname = page.getByRole('textbox', { name: 'Surname' });
  await expect(surname).toBeFocused();
  await expect(surname).toHaveAttribute('aria-invalid', 'true');
  await surname.fill('Smith');
  await expect(surname).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('import-status')).toContainText('Row 3 is now valid.');
  await expect(tile(counts, 'valid')).toHaveText('7');
  await expect(tile(counts, 'invalid')).toHaveText('1');
  await expect(problems.locator('tbody[data-row="3"]')).toHaveCount(0);
  await expect(page.getByTestId('import-fixed')).toContainText('Corrected here: row 3');
  // Focus moves on to the next row to fix.
  await expect(page.getByRole('button', { name: 'Fix row 5' })).toBeFocused();

  // Row 5 half fixed stays invalid, its remaining error at its field; instant feedback while typing.
  await page.keyboard.press('Enter');
  const postcode = page.getByRole('textbox', { name: 'Postcode' });
  await expect(postcode).toBeFocused();
  await postcode.fill('XX');
  await expect(page.locator('#fix-5-postcode-error')).toContainText('Enter a UK postcode');
  await postcode.fill('M2 3BB');
  await expect(page.locator('#fix-5-postcode-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save and check again' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Row 5 still has errors.');
  const date = page.getByRole('textbox', { name: 'Purchase date' });
  await expect(date).toBeFocused();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#fix-5-purchase_date-error')).toHaveText('February 2026 has only 28 days');
  await page.screenshot({ path: 'test-results/screens/import-fix-row.png', fullPage: true });
  await expect(page.getByRole('button', { name: /^Send/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Fix row 5' })).toBeVisible();

  // The duplicate of row 2 is listed with what it repeats and left out unless ticked.
  const duplicates = page.getByRole('table', { name: /Duplicates/ });
  await expect(duplicates).toContainText('Row 2 of this file');
  await expect(page.getByRole('button', { name: 'Send 6 valid rows' })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Send row 9 anyway' }).check();
  await page.getByRole('button', { name: 'Send 7 valid rows' }).click();

  // The corrected row is what was sent; the duplicate was sent too; row 5 was left out.
  await expect(page.getByRole('heading', { name: /^5\. Summary of batch/ })).toBeFocused({ timeout: 15_000 });
  await expect(tile(page.getByTestId('batch-summary-counts'), 'accepted')).toHaveText('7');
  const batch = Number(new URL(page.url()).hash.match(/batch=(\d+)/)?.[1]);
  const { rows: sent } = await desk.core.journal.list({ batch, sort: 'id', direction: 'asc' });
  expect(sent.map((r) => r.batchRow)).toEqual([2, 3, 4, 6, 7, 8, 9]);
  expect(sent.find((r) => r.batchRow === 3)?.surname).toBe('Smith');
  expect(desk.sandbox.records).toHaveLength(7);
  // The column choices are remembered for the profile.
  expect(desk.core.profiles.get('Sandbox')?.importColumns).toMatchObject({ surname: 'surname', notes: null });
});

/** The status line's colour, to tell good news (green) from what needs a look. */
const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
const GREEN = 'rgb(20, 108, 46)';

test('columns: common headings matched, a first value per column, a missing required column said once, focus kept, colours by state', async ({
  desk,
}) => {
  const { page } = desk;
  const header = [
    'Account code',
    'Ref',
    'Policy',
    'Surname',
    'Post Code',
    'Tel',
    'Email Address',
    'Premium',
    'Order No',
  ];
  const row = (n: number) => [
    'ACME01',
    `SYN-${n}`,
    'FURN-PLUS',
    `Surname${n}`,
    'M1 1AE',
    '0161 496 0000',
    `a${n}@example.com`,
    '12.50',
    `ORD-${n}`,
  ];
  await chooseFile(desk, writeCsv('synonyms.csv', [row(1), row(2), row(3)], [...header, 'Invoice No']));
  const fields: EntryField[] = [
    'reference',
    'policy',
    'surname',
    'postcode',
    'telephone',
    'email',
    'policy_premium',
    'order_number',
  ];
  for (const [i, field] of fields.entries()) {
    await expect(page.locator(`#import-column-${i + 1}`), header[i + 1]).toHaveValue(FIELD_LABELS[field]);
  }
  await expect(page.getByRole('combobox', { name: 'Field for column J (Invoice No)' })).toHaveValue('Invoice number');
  // A sample of each column beside its heading; a column with nothing in it says so.
  await expect(page.getByTestId('import-sample-1')).toHaveText('SYN-1');
  await expect(page.getByTestId('import-sample-6')).toHaveText('a1@example.com');
  await expect(page.getByTestId('import-sample-9')).toHaveText('(empty)');
  const status = page.getByTestId('import-status');
  await expect(status).toHaveText('Checked synonyms.csv: 3 rows, 3 valid, 0 invalid.');
  expect(await colourOf(status)).toBe(GREEN);

  // Leaving Surname out: focus stays on the changed column, one message says what is missing (not
  // one per row), and nothing is green about 0 valid rows.
  const surname = page.getByRole('combobox', { name: 'Field for column D (Surname)' });
  await surname.focus();
  await surname.fill('not imp');
  await surname.press('Enter');
  await expect(status).toHaveText(/^Column D \(Surname\) is not imported\. Checked .*: 3 rows, 0 valid, 3 invalid\.$/);
  await expect(surname).toBeFocused();
  await expect(tile(checkCounts(page), 'invalid')).toHaveText('3');
  await expect(page.getByTestId('import-missing-rows')).toHaveText(
    'Every row lacks Surname: choose the column that holds it under 2. Columns.',
  );
  await expect(page.getByText('Enter the surname')).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Rows with errors/ })).toHaveCount(0);
  expect(await colourOf(status)).not.toBe(GREEN);
  await expect(page.locator('[data-count="valid"]')).not.toHaveClass(/\bok\b/);
  await page.screenshot({ path: 'test-results/screens/import-missing-column.png', fullPage: true });

  await surname.fill('surn');
  await surname.press('Enter');
  await expect(status).toHaveText(/3 valid, 0 invalid\.$/);
  await expect(surname).toBeFocused();
  await expect(page.getByTestId('import-missing-rows')).toHaveCount(0);
});

test('a workbook with several sheets: the sheet is chosen, dates in MM/DD/YYYY read as chosen', async ({ desk }) => {
  const { page } = desk;
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Read me').addRows([['This workbook holds policies'], ['See the next sheet']]);
  const sheet = workbook.addWorksheet('Policies');
  sheet.addRows([HEADER, ...validRows(3).map((r) => [...r.slice(0, 5), '02/28/2026', r[6]!])]);
  const path = join(mkdtempSync(join(tmpdir(), 'feed-desk-import-')), 'book.xlsx');
  await workbook.xlsx.writeFile(path);

  await chooseFile(desk, path);
  // The first sheet is read first: one column, no required field has one.
  await expect(page.getByTestId('import-file-info')).toContainText('Excel workbook, sheet “Read me”');
  await expect(page.getByTestId('import-missing')).toBeVisible();
  await page.getByLabel('Sheet').selectOption('Policies');
  // The whole workbook is read again for the other sheet (a slow machine may take a while).
  await expect(page.getByTestId('import-file-info')).toContainText('sheet “Policies”', { timeout: 15_000 });
  await expect(page.getByTestId('import-missing')).toHaveCount(0);
  // Dates as DD/MM/YYYY: 02/28/2026 has no month 28.
  await expect(tile(checkCounts(page), 'invalid')).toHaveText('3');
  await expect(page.getByRole('table', { name: /Rows with errors/ })).toContainText('The month must be 1 to 12');
  await page.getByLabel('Dates in the file').selectOption('MM/DD/YYYY');
  await expect(tile(checkCounts(page), 'valid')).toHaveText('3');
  await expect(tile(checkCounts(page), 'invalid')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Send 3 valid rows' })).toBeEnabled();
});

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

  // The batch's results: file row → state, recordid, message.
  await page.getByRole('button', { name: 'Export batch results (CSV)' }).click();
  await expect(page.getByTestId('batch-exported')).toHaveText(/^Saved the results of 10 rows to /);
  const results = readCsv(desk.saved.at(-1)!);
  expect(results.map((r) => Number(r.row))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  for (const r of results) {
    const row = after.find((a) => a.batchRow === Number(r.row))!;
    expect(r).toMatchObject({ state: row.state, recordid: String(row.recordid ?? ''), reference: row.reference });
  }
  expect(results.filter((r) => r.state === 'unknown')).toHaveLength(1);
  const firstLine = (path: string) => readFileSync(path, 'utf8').split('\r\n')[0];
  expect(firstLine(desk.saved.at(-1)!)).toBe(`\uFEFF# ${personalDataNotice(['surname'])}`);
  // Without personal details (reached and ticked from the keyboard): no surname column, no notice.
  const without = page.getByRole('checkbox', { name: 'Without personal details' });
  await page.getByRole('button', { name: 'Export batch results (CSV)' }).focus();
  await page.keyboard.press('Tab');
  await expect(without).toBeFocused();
  await page.keyboard.press('Space');
  await expect(without).toBeChecked();
  const next = desk.saved.length + 1;
  await page.getByRole('button', { name: 'Export batch results (CSV)' }).click();
  await expect(page.getByTestId('batch-exported')).toHaveText(
    new RegExp(`^Saved the results of 10 rows to .*/${next}-ten-batch-1-results\\.csv$`),
  );
  expect(firstLine(desk.saved.at(-1)!)).toBe(
    '\uFEFF"row","state","recordid","message","reference","journal_id","duplicate_of"',
  );
  expect(readCsv(desk.saved.at(-1)!).map((r) => [r.row, r.state])).toEqual(results.map((r) => [r.row, r.state]));

  // Open in Journal: the batch's rows only, the filter a chip naming the file.
  await page.getByRole('button', { name: 'Open in Journal' }).click();
  await expect(page).toHaveURL(/#\/journal\?batch=1$/);
  await expect(page.getByText('10 entries match')).toBeVisible();
  await expect(page.getByTestId('batch-chip')).toHaveText(/Batch 1 — ten\.csv/);
  const grid = page.getByRole('grid', { name: 'Journal' });
  await expect(grid.getByRole('row').filter({ hasText: 'HAND-1' })).toHaveCount(0);
  await expect(grid.getByRole('row').filter({ hasText: 'IMP-001' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Export batch results' }).click();
  await expect(page.getByText(/^Saved the results of 10 rows to /)).toBeVisible();
  expect(readCsv(desk.saved.at(-1)!)).toHaveLength(10);
  expect(firstLine(desk.saved.at(-1)!)).toMatch(/^\uFEFF# Contains personal data/);
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

test('a two-line address: the line break is shown and kept by Fix row; joining with ", " for every row sends it joined; the summary accounts for every row', async ({
  desk,
}) => {
  const { page } = desk;
  desk.core.outbox.start();
  const header = [...HEADER.slice(0, 6), 'Address 1', 'Address 2'];
  const row = (n: number, address1: string) => [...validRow(n).slice(0, 6), address1, ''];
  const noSurname = row(4, '2 Low Road');
  noSurname[3] = '';
  const rows = [row(1, 'Flat 3\n12 King Street'), row(2, '1 High Street'), row(3, 'Unit 5\n9 Mill Lane'), noSurname];
  await chooseFile(desk, writeCsv('crm.csv', rows, header));
  const counts = checkCounts(page);
  await expect(tile(counts, 'valid')).toHaveText('1');
  await expect(tile(counts, 'invalid')).toHaveText('3');

  // The line break is shown where the value is, not run together.
  const problems = page.getByRole('table', { name: /Rows with errors/ });
  const two = problems.locator('tbody[data-row="2"]');
  await expect(two).toContainText('Keep this to a single line');
  await expect(two.locator('td.value')).toHaveText('Flat 3⏎12 King Street');
  await expect(page.getByTestId('import-line-breaks')).toContainText('2 rows hold a line break (shown ⏎)');
  // The row's buttons stand apart (side by side or one above the other), never touching.
  const fix = await two.getByRole('button', { name: 'Fix row 2' }).boundingBox();
  const join = await two.getByRole('button', { name: 'Join lines with ", "' }).boundingBox();
  if (!fix || !join) throw new Error('The buttons of row 2 are not shown');
  const apart = Math.max(join.x - (fix.x + fix.width), join.y - (fix.y + fix.height));
  expect(apart).toBeGreaterThanOrEqual(6);

  // Fix row without changes: a multi-line editor holds both lines; saving keeps them, so the row stays invalid.
  await page.getByRole('button', { name: 'Fix row 2' }).click();
  const address1 = page.getByRole('textbox', { name: 'Address line 1' });
  await expect(address1).toHaveValue('Flat 3\n12 King Street');
  await expect(page.getByTestId('fix-2-address1-shown')).toHaveText('Holds: Flat 3⏎12 King Street');
  await page.getByRole('button', { name: 'Save and check again' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('Row 2 still has errors.');
  await expect(tile(counts, 'invalid')).toHaveText('3');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(two.locator('td.value')).toHaveText('Flat 3⏎12 King Street');

  // The repair is the person's choice, for every row with the problem; what changes is shown before sending.
  await page.getByRole('button', { name: 'Join the lines with ", " in every row' }).click();
  await expect(tile(counts, 'valid')).toHaveText('3');
  await expect(tile(counts, 'invalid')).toHaveText('1');
  await expect(page.getByTestId('import-repairs')).toContainText('lines joined with ", " (every row)');
  const changes = page.getByTestId('import-changes');
  await changes.locator('summary').click();
  const changed = changes.locator('tr[data-row="2"]', { hasText: 'Address line 1' });
  await expect(changed).toContainText('Flat 3⏎12 King Street');
  await expect(changed).toContainText('Flat 3, 12 King Street');
  await page.screenshot({ path: 'test-results/screens/import-line-breaks.png', fullPage: true });

  await page.getByRole('button', { name: 'Send 3 valid rows' }).click();
  await expect(page.getByRole('heading', { name: /^5\. Summary of batch/ })).toBeFocused({ timeout: 20_000 });
  await expect(page.getByTestId('batch-account')).toHaveText('4 rows: 3 accepted, 1 not sent — invalid.');
  const part = (name: string, reference: string) =>
    desk.sandbox.records
      .find((r) => r.parts.some(([n, v]) => n === 'reference' && v === reference))
      ?.parts.find(([n]) => n === name)?.[1];
  expect(part('address1', 'IMP-001')).toBe('Flat 3, 12 King Street');
  expect(part('address1', 'IMP-003')).toBe('Unit 5, 9 Mill Lane');
  expect(desk.sandbox.records).toHaveLength(3);
});

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
