// Bulk import, step 2 by keyboard: looking through a column's fields takes none from another
// column; a field taken from another column is said beside it, with Undo; the columns not imported
// are listed; a field found by a guess is marked as one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/harness';

const HEADER = [
  'Acct Code',
  'Cust Ref',
  'Title',
  'Inits',
  'Last Name',
  'Addr 1',
  'Town',
  'County',
  'Seats',
  'Plan',
  'Post Code',
  'Notes',
  'Premium Amount',
];
const ROW = [
  'ACME01',
  'KB-1',
  'Mr',
  'J',
  'Smith',
  '1 High St',
  'Leeds',
  'Yorks',
  '3',
  'FURN-PLUS',
  'LS1 4AP',
  'hi',
  '9',
];

test('choosing fields by keyboard: typing takes nothing away, a move is said with Undo, columns left out are listed', async ({
  desk,
}) => {
  const { page } = desk;
  const path = join(mkdtempSync(join(tmpdir(), 'feed-desk-import-')), 'partner.csv');
  writeFileSync(path, `${HEADER.join(',')}\r\n${ROW.join(',')}\r\n`);
  await desk.open('#/import');
  desk.toOpen.push(path);
  await page.getByRole('button', { name: 'Choose file…' }).click();
  await expect(page.getByRole('heading', { name: '2. Columns' })).toBeFocused();

  const column = (letter: string, heading: string) => page.getByLabel(`Field for column ${letter} (${heading})`);
  const postcode = column('K', 'Post Code');
  const plan = column('J', 'Plan');
  const notes = column('L', 'Notes');
  const notImported = page.getByTestId('import-not-imported');
  await expect(postcode).toHaveValue('postcode');
  await expect(column('I', 'Seats')).toHaveValue('total_seats');
  await expect(column('D', 'Inits')).toHaveValue('initials');
  await expect(plan).toHaveValue('');
  await expect(notImported).toHaveText('Not imported (2 of 13 columns): column J (Plan), column L (Notes).');
  // "Premium Amount" is a guess, and says so.
  await expect(column('M', 'Premium Amount')).toHaveValue('policy_premium');
  await expect(page.getByTestId('import-guess-12')).toHaveText('guessed from the heading: check it');
  await expect(page.getByTestId('import-guess-8')).toHaveCount(0);

  // Typing "Pol" passes through Postcode (column K's) on the way to Policy: nothing moves until Tab.
  await plan.focus();
  await page.keyboard.type('Pol');
  await expect(plan).toHaveValue('policy');
  await expect(postcode).toHaveValue('postcode');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('import-status')).toHaveText(
    /^Column J \(Plan\) is imported as Policy\. Checked partner\.csv: 1 row, 1 valid, 0 invalid\.$/,
  );
  await expect(plan).toHaveValue('policy');
  await expect(postcode).toHaveValue('postcode');
  await expect(page.getByTestId('import-moved')).toHaveCount(0);
  await expect(notImported).toHaveText('Not imported (1 of 13 columns): column L (Notes).');

  // Escape puts back what the column had.
  const premium = column('M', 'Premium Amount');
  await premium.focus();
  await page.keyboard.type('Tow');
  await expect(premium).toHaveValue('town');
  await page.keyboard.press('Escape');
  await expect(premium).toHaveValue('policy_premium');
  await expect(column('G', 'Town')).toHaveValue('town');

  // Taking Postcode for Notes with Enter moves it, and says so beside Notes, with Undo.
  await notes.focus();
  await page.keyboard.type('Postc');
  await expect(notes).toHaveValue('postcode');
  await expect(postcode).toHaveValue('postcode');
  await page.keyboard.press('Enter');
  const moved = page.getByTestId('import-moved');
  await expect(moved).toHaveText('Postcode moved here from column K — Undo');
  await expect(notes).toHaveValue('postcode');
  await expect(postcode).toHaveValue('');
  await expect(notImported).toHaveText('Not imported (1 of 13 columns): column K (Post Code).');
  await expect(page.getByTestId('import-status')).toContainText(
    'Postcode moved to column L (Notes) from column K, which is now not imported.',
  );
  await expect(notes).toBeFocused();

  // Undo, by keyboard: Postcode is back in column K.
  await page.keyboard.press('Tab');
  await expect(moved.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(postcode).toHaveValue('postcode');
  await expect(notes).toHaveValue('');
  await expect(moved).toHaveCount(0);
  await expect(notImported).toHaveText('Not imported (1 of 13 columns): column L (Notes).');
  await expect(page.getByTestId('import-status')).toContainText('Postcode is back in column K.');
});
