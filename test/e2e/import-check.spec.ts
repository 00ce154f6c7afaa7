// Bulk import (screen 4), choosing and checking a file: columns matched, rows checked and fixed in
// place, rejected rows exported, a workbook's sheet chosen, a two-line address kept.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { FIELD_LABELS, type EntryField } from '@shared/entry/fields';
import { expect, test } from './support/harness';
import {
  GREEN,
  HEADER,
  checkCounts,
  chooseField,
  chooseFile,
  colourOf,
  readCsv,
  tile,
  validRow,
  validRows,
  writeCsv,
} from './support/import-steps';

mkdirSync('test-results/screens', { recursive: true });

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
  desk.saveAs.push('csv'); // CSV chosen in the save dialog (a workbook is the default)
  await page.getByRole('button', { name: 'Export rejected rows…' }).click();
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
  // The finish screen exports the row left out as invalid, as the file has it, without importing again.
  await page.getByRole('button', { name: 'Export rejected rows (1)' }).click();
  await expect(page.getByTestId('batch-exported')).toHaveText(/^Saved 1 rejected row to .*\.xlsx$/);
  await page.screenshot({ path: 'docs/import-finish-exports.png' });
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(desk.saved.at(-1)!);
  const left = book.getWorksheet('Rejected rows')!;
  const headings = (left.getRow(1).values as unknown[]).slice(1);
  expect(headings).toEqual([...HEADER, 'Problem']);
  expect(left.getRow(2).getCell(headings.indexOf('Reference') + 1).value).toBe('IMP-004');
  // Row 5 was half fixed in place (its postcode): what is left wrong is its date.
  expect(String(left.getRow(2).getCell(headings.length).value)).toBe(
    'Row 5: Purchase date: February 2026 has only 28 days',
  );
});

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
    `FP-SYN-${n}`,
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

test('a title block above the headings: the headings are found, said, and another row chosen by keyboard', async ({
  desk,
}) => {
  const { page } = desk;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bordereau');
  sheet.addRows([
    ['Acme Insurance plc — monthly bordereau'],
    ['Period: November 2026'],
    [],
    HEADER,
    ...validRows(3),
    ['TOTAL', '', '', '', '', '', '3897.00'],
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'feed-desk-import-')), 'bordereau.xlsx');
  await workbook.xlsx.writeFile(path);

  await chooseFile(desk, path);
  const info = page.getByTestId('import-file-info');
  await expect(info).toContainText('headings in row 4 (2 title lines above left out)');
  await expect(info).toContainText('3 data rows');
  await expect(info).toContainText('1 total row left out (row 8)');
  await expect(tile(checkCounts(page), 'valid')).toHaveText('3');
  // Another row, by keyboard: the choice is read again from there.
  const choice = page.getByLabel('Headings in row');
  await expect(choice).toHaveValue('4');
  await page.screenshot({ path: 'docs/import-heading-row.png' });
  await choice.focus();
  await page.keyboard.press('ArrowUp'); // row 3 is blank: said, and the headings stay where they were
  await expect(page.getByRole('alert')).toContainText(
    'Row 3 of the file is blank: choose the row that holds the headings.',
  );
  await expect(choice).toHaveValue('4');
  await page.keyboard.press('2'); // the option starting with 2
  await expect(info).toContainText('headings in row 2', { timeout: 15_000 });
  await expect(page.getByTestId('import-missing')).toBeVisible();
});
