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

  const name = (letter: string, heading: string) => `Field for column ${letter} (${heading})`;
  const column = (letter: string, heading: string) => page.getByRole('combobox', { name: name(letter, heading) });
  /** The option the person is looking at in a column's list (its aria-activedescendant). */
  const looked = (letter: string, heading: string) =>
    page.getByRole('listbox', { name: name(letter, heading) }).getByRole('option', { selected: true });
  const postcode = column('K', 'Post Code');
  const plan = column('J', 'Plan');
  const notes = column('L', 'Notes');
  const status = page.getByTestId('import-status');
  const notImported = page.getByTestId('import-not-imported');
  await expect(postcode).toHaveValue('Postcode');
  await expect(column('I', 'Seats')).toHaveValue('Total seats');
  await expect(column('D', 'Inits')).toHaveValue('Initials');
  await expect(plan).toHaveValue('— not imported —');
  await expect(plan).toHaveAttribute('aria-expanded', 'false');
  await expect(notImported).toHaveText('Not imported (2 of 13 columns): column J (Plan), column L (Notes).');
  // "Premium Amount" is a guess, and says so.
  await expect(column('M', 'Premium Amount')).toHaveValue('Policy premium');
  await expect(page.getByTestId('import-guess-12')).toHaveText('guessed from the heading: check it');
  await expect(page.getByTestId('import-guess-8')).toHaveCount(0);
  const checked = 'Checked partner.csv: 1 row, 0 valid, 1 invalid.';
  await expect(status).toHaveText(checked);

  // Typing "P" looks at Postcode (column K's), "Pol" at Policy: the list narrows, nothing moves.
  await plan.focus();
  await page.keyboard.type('P');
  await expect(plan).toHaveAttribute('aria-expanded', 'true');
  await expect(looked('J', 'Plan')).toHaveText('Postcode (required, now column K)');
  await expect(plan).toHaveAttribute('aria-activedescendant', (await looked('J', 'Plan').getAttribute('id')) ?? '');
  await page.keyboard.type('ol');
  await expect(plan).toHaveValue('Pol');
  await expect(looked('J', 'Plan')).toHaveText(/^Policy \(required/);
  await expect(page.getByRole('listbox', { name: name('J', 'Plan') }).getByRole('option')).toHaveText([
    /^Policy \(required/,
    'Policy premium (now column M)',
  ]);
  // Down and Up move through the list without choosing.
  await page.keyboard.press('ArrowDown');
  await expect(looked('J', 'Plan')).toHaveText('Policy premium (now column M)');
  await page.keyboard.press('ArrowUp');
  await expect(looked('J', 'Plan')).toHaveText(/^Policy \(required/);
  await expect(postcode).toHaveValue('Postcode');
  await expect(column('M', 'Premium Amount')).toHaveValue('Policy premium');
  await expect(status).toHaveText(checked);
  // Tab chooses the option looked at.
  await page.keyboard.press('Tab');
  await expect(status).toHaveText(
    /^Column J \(Plan\) is imported as Policy\. Checked partner\.csv: 1 row, 1 valid, 0 invalid\.$/,
  );
  await expect(plan).toHaveValue('Policy');
  await expect(plan).toHaveAttribute('aria-expanded', 'false');
  await expect(postcode).toHaveValue('Postcode');
  await expect(page.getByTestId('import-moved')).toHaveCount(0);
  await expect(notImported).toHaveText('Not imported (1 of 13 columns): column L (Notes).');

  // Escape puts back what the column had, and closes the list.
  const premium = column('M', 'Premium Amount');
  await premium.focus();
  await page.keyboard.type('Tow');
  await expect(looked('M', 'Premium Amount')).toHaveText('Town (now column G)');
  await page.keyboard.press('Escape');
  await expect(premium).toHaveValue('Policy premium');
  await expect(premium).toHaveAttribute('aria-expanded', 'false');
  await expect(premium).toBeFocused();
  await expect(column('G', 'Town')).toHaveValue('Town');

  // A field is also found by its name; leaving the box without Enter or Tab chooses nothing.
  await premium.focus();
  await page.keyboard.type('sales_ch');
  await expect(looked('M', 'Premium Amount')).toHaveText('Sales channel');
  await page.getByRole('heading', { name: '2. Columns' }).click();
  await expect(premium).toHaveValue('Policy premium');
  await expect(page.getByRole('listbox', { name: name('M', 'Premium Amount') })).toBeHidden();

  // Taking Postcode for Notes with Enter moves it, and says so beside Notes, with Undo.
  await notes.focus();
  await page.keyboard.type('Postc');
  await expect(looked('L', 'Notes')).toHaveText('Postcode (required, now column K)');
  await expect(postcode).toHaveValue('Postcode');
  await page.keyboard.press('Enter');
  const moved = page.getByTestId('import-moved');
  await expect(moved).toHaveText('Postcode moved here from column K — Undo');
  await expect(notes).toHaveValue('Postcode');
  await expect(postcode).toHaveValue('— not imported —');
  await expect(notImported).toHaveText('Not imported (1 of 13 columns): column K (Post Code).');
  await expect(status).toContainText('Postcode moved to column L (Notes) from column K, which is now not imported.');
  await expect(notes).toBeFocused();

  // Undo, by keyboard: Postcode is back in column K.
  await page.keyboard.press('Tab');
  await expect(moved.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(postcode).toHaveValue('Postcode');
  await expect(notes).toHaveValue('— not imported —');
  await expect(moved).toHaveCount(0);
  await expect(notImported).toHaveText('Not imported (1 of 13 columns): column L (Notes).');
  await expect(status).toContainText('Postcode is back in column K.');

  // By mouse: a click opens the list, a click on an option chooses it.
  await notes.click();
  await page
    .getByRole('listbox', { name: name('L', 'Notes') })
    .getByRole('option', { name: 'Description' })
    .click();
  await expect(notes).toHaveValue('Description');
  await expect(notImported).toHaveText('Every column of the file is imported.');
});
