import ExcelJS from 'exceljs';
import { mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import type { QueuedFault } from '../../electron/sandbox/faults';
import { expect, test, type Desk } from './support/harness';
import { ZOOM_200 } from './support/zoom';
import { sendEntry } from './support/journal-seed';
import { EXPORTED_CSV } from '../support/csv-export';
import { PERSONAL_FIELDS, personalDataNotice } from '@shared/journal/personal-fields';
import { FIELD_LABELS } from '@shared/entry/fields';

/** One entry, its surname given, sent once with a sandbox fault first if given. */
const seed = (desk: Desk, reference: string, surname: string, fault?: QueuedFault['fault']) =>
  sendEntry(desk, reference, { surname, postcode: 'LS1 4AP' }, fault);

mkdirSync('test-results/screens', { recursive: true });

/** One of each ending: accepted, rejected (400), failed (503, retried later) and unknown (502). */
async function seedFour(desk: Desk) {
  const accepted = await seed(desk, 'ACC-1', 'Smith');
  const rejected = await seed(desk, 'REJ-1', 'Jones', { kind: 'status', status: 400 });
  const failed = await seed(desk, 'FAIL-1', 'Patel', { kind: 'status', status: 503 });
  const unknown = await seed(desk, 'UNK-1', 'Brown', { kind: 'status', status: 502 });
  expect([accepted.state, rejected.state, failed.state, unknown.state]).toEqual([
    'accepted',
    'rejected',
    'failed',
    'unknown',
  ]);
  return { accepted, rejected, failed, unknown };
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Journal' });
const rowOf = (page: Page, reference: string) => grid(page).getByRole('row').filter({ hasText: reference });
const badge = (page: Page) => page.getByRole('link', { name: /^Journal/ });

test('every ending shows with its state, and the badge counts unknown, failed and rejected', async ({ desk }) => {
  const { page } = desk;
  const { accepted } = await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();
  await expect(rowOf(page, 'ACC-1')).toContainText('Accepted');
  await expect(rowOf(page, 'ACC-1')).toContainText(String(accepted.recordid));
  await expect(rowOf(page, 'REJ-1')).toContainText('Rejected');
  await expect(rowOf(page, 'FAIL-1')).toContainText('Failed');
  await expect(rowOf(page, 'FAIL-1')).toContainText(/next try \d\d:\d\d/);
  await expect(rowOf(page, 'UNK-1')).toContainText('Unknown');
  await expect(badge(page)).toHaveAccessibleName('Journal, 3 need attention');
  await expect(page.getByTestId('attention-badge')).toHaveText('3');
  await page.screenshot({ path: 'test-results/screens/journal-list.png' });
});

test('filters and free text find rows, live in the hash, and Back returns to the view before', async ({ desk }) => {
  const { page } = desk;
  const { accepted } = await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();

  await page.getByRole('button', { name: /Needs attention/ }).click();
  await expect(page.getByText('3 entries match')).toBeVisible();
  await expect(rowOf(page, 'ACC-1')).toHaveCount(0);
  expect(page.url()).toContain('states=unknown,failed,rejected');

  await page.getByLabel('Search').fill('Patel');
  await expect(page.getByText('1 entry matches')).toBeVisible();
  await expect(rowOf(page, 'FAIL-1')).toBeVisible();
  expect(page.url()).toContain('text=Patel');

  await page.goBack();
  await expect(page.getByText('3 entries match')).toBeVisible();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('4 entries match')).toBeVisible();

  await page.getByLabel('Search').fill(String(accepted.recordid));
  await expect(page.getByText('1 entry matches')).toBeVisible();
  await expect(rowOf(page, 'ACC-1')).toBeVisible();
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Unknown' }).check();
  await expect(page.getByText('1 entry matches')).toBeVisible();
  await expect(rowOf(page, 'UNK-1')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Rejected' }).check();
  await expect(page.getByText('2 entries match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await page.getByLabel('Profile').selectOption('Sandbox');
  await page.getByLabel('Operator').selectOption({ index: 1 });
  await page.getByLabel('Kind').selectOption('entry');
  await expect(page.getByText('4 entries match')).toBeVisible();
  await page.getByLabel('Kind').selectOption('cancellation');
  await expect(page.getByText('0 entries match')).toBeVisible();
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page.getByText('0 entries match')).toBeVisible();
  await page.getByRole('button', { name: 'Daily summary' }).click();
  await expect(page).toHaveURL(/#\/summary\?from=2020-01-01&to=2020-01-31$/);
  await page.goBack();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('01/01/2020');

  // A hand-edited link: junk is ignored, what is valid is kept.
  await desk.open('#/journal?states=bogus,unknown&sort=nope&dir=up&from=2026-13-45&reviewed=maybe&id=x');
  await expect(page.getByText('1 entry matches')).toBeVisible();
  await expect(rowOf(page, 'UNK-1')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');
});

test('a column header sorts by click or Enter, through the hash', async ({ desk }) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/journal');
  const references = grid(page).locator('.grid-body [role=row] .col-reference');
  await expect(references).toHaveText(['UNK-1', 'FAIL-1', 'REJ-1', 'ACC-1']);

  await page.getByRole('button', { name: 'Reference', exact: true }).click();
  await expect(references).toHaveText(['ACC-1', 'FAIL-1', 'REJ-1', 'UNK-1']);
  await expect(page.getByRole('columnheader', { name: 'Reference' })).toHaveAttribute('aria-sort', 'ascending');
  expect(page.url()).toContain('sort=reference&dir=asc');

  await page.getByRole('button', { name: 'Reference', exact: true }).press('Enter');
  await expect(references).toHaveText(['UNK-1', 'REJ-1', 'FAIL-1', 'ACC-1']);
  await expect(page.getByRole('columnheader', { name: 'Reference' })).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('button', { name: 'Surname', exact: true }).press('Enter');
  await expect(grid(page).locator('.grid-body [role=row] .col-surname')).toHaveText([
    'Brown',
    'Jones',
    'Patel',
    'Smith',
  ]);
});

test('mark reviewed: the active row with a note, then a selection of many', async ({ desk }) => {
  const { page } = desk;
  const { unknown } = await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();

  await grid(page).focus();
  await page.keyboard.press('Alt+R');
  const dialog = page.getByRole('dialog', { name: 'Mark 1 entry reviewed' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Note')).toBeFocused();
  await page.keyboard.type('Checked with the service desk');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Marked 1 entry reviewed.')).toBeVisible();
  await expect(rowOf(page, 'UNK-1').locator('.col-reviewed_at')).toContainText('Reviewed by');
  await expect(rowOf(page, 'REJ-1').locator('.col-reviewed_at')).toHaveText('');
  const row = await desk.core.journal.get(unknown.id);
  expect(row?.reviewNote).toBe('Checked with the service desk');
  expect(row?.reviewedBy).toBeTruthy();

  await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
  await expect(page.getByText('4 entries match, 4 selected')).toBeVisible();
  await page.getByRole('button', { name: /Mark reviewed… \(4\)/ }).click();
  await page
    .getByRole('dialog', { name: 'Mark 4 entries reviewed' })
    .getByRole('button', { name: /Mark reviewed/ })
    .click();
  await expect(page.getByText('Marked 4 entries reviewed.')).toBeVisible();
  await expect(grid(page).locator('.grid-body .col-reviewed_at .reviewed')).toHaveCount(4);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByLabel('Reviewed').selectOption('no');
  await expect(page.getByText('0 entries match')).toBeVisible();
});

test('Export saves the filtered rows as a workbook (or CSV when chosen): headings in row 1, cells typed', async ({
  desk,
}) => {
  const { page } = desk;
  const { accepted } = await seedFour(desk);
  await desk.open('#/journal');
  await page
    .getByRole('button', { name: /Export/ })
    .first()
    .click();
  await expect(page.getByText(/^Saved 4 rows to .*\.xlsx$/)).toBeVisible();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(desk.saved.at(-1)!);
  const sheet = book.getWorksheet('Journal')!;
  const headings = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  // Headings as on screen, in row 1 (the command line's CSV keeps the field names).
  expect(headings).toEqual(expect.arrayContaining(['Journal #', 'State', 'Recordid', 'Reference', 'Surname']));
  const rows = Array.from({ length: 4 }, (_, i) => sheet.getRow(i + 2));
  const at = (heading: string) => headings.indexOf(heading) + 1;
  expect(rows.map((r) => r.getCell(at('Reference')).value).sort()).toEqual(['ACC-1', 'FAIL-1', 'REJ-1', 'UNK-1']);
  const acc = rows.find((r) => r.getCell(at('Reference')).value === 'ACC-1')!;
  expect(acc.getCell(at('State')).value).toBe('Accepted');
  expect(acc.getCell(at('Recordid')).value).toBe(accepted.recordid);
  expect(acc.getCell(at('Time')).value).toBeInstanceOf(Date);
  expect(typeof acc.getCell(at('Journal #')).value).toBe('number');
  // The rows hold customers' details: a second sheet says so.
  const present = PERSONAL_FIELDS.filter((f) => headings.includes(FIELD_LABELS[f]));
  expect(String(book.getWorksheet('Personal data')!.getCell('A1').value)).toBe(personalDataNotice(present));

  await page.getByRole('button', { name: /Needs attention/ }).click();
  await expect(page.getByText('3 entries match')).toBeVisible();
  desk.saveAs.push('csv'); // the person chooses CSV in the save dialog
  await page.keyboard.press('Alt+E');
  await expect(page.getByText(/^Saved 3 rows to .*\.csv$/)).toBeVisible();
  expect(desk.saved).toHaveLength(2);
  const text = readFileSync(desk.saved[1]!, 'utf8');
  expect(text).toMatch(/^\uFEFFJournal #,Kind,State,/); // headings in row 1: the dialog carries the notice
  const attention = parse(text, { ...EXPORTED_CSV, columns: true }) as Record<string, string>[];
  expect(attention.map((r) => r.State).sort()).toEqual(['Failed', 'Rejected', 'Unknown']);

  // Without personal details, from the keyboard: the box follows the export button; Alt+E exports without them.
  const without = page.getByRole('checkbox', { name: 'Without personal details' });
  await page.getByRole('button', { name: /Export…/ }).focus();
  await page.keyboard.press('Tab');
  await expect(without).toBeFocused();
  await page.keyboard.press('Space');
  await expect(without).toBeChecked();
  desk.saveAs.push('csv');
  await page.keyboard.press('Alt+E');
  await expect(page.getByText(/^Saved 3 rows to .*3-feed-desk-journal-.*\.csv$/)).toBeVisible();
  const plain = readFileSync(desk.saved[2]!, 'utf8');
  expect(plain).toMatch(/^\uFEFFJournal #,Kind,State,/);
  const [header, ...plainRows] = parse(plain, { bom: true }) as string[][];
  expect(header!.filter((h) => PERSONAL_FIELDS.some((f) => FIELD_LABELS[f] === h))).toEqual([]);
  expect(plainRows.map((r) => r[header!.indexOf('State')]).sort()).toEqual(['Failed', 'Rejected', 'Unknown']);
  for (const r of attention) expect(plain).not.toContain(r.Surname!);
});

test('a state change made in main shows in the list and the badge without a reload', async ({ desk }) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/journal');
  await expect(rowOf(page, 'FAIL-1')).toContainText('Failed');
  await expect(badge(page)).toHaveAccessibleName('Journal, 3 need attention');

  // The outbox retries the failed row once the service is back.
  desk.sandbox.faults.clear();
  await desk.core.outbox.drain();
  await expect(rowOf(page, 'FAIL-1')).toContainText('Accepted');
  await expect(badge(page)).toHaveAccessibleName('Journal, 2 need attention');

  await seed(desk, 'NEW-1', 'Green');
  await expect(page.getByText('5 entries match')).toBeVisible();
  await expect(grid(page).locator('.grid-body [role=row]').first()).toContainText('NEW-1');
});

test('keyboard only: reach the list, move, select, open the detail and close it again', async ({ desk }) => {
  const { page } = desk;
  await seedFour(desk);
  await desk.open('#/journal');
  await expect(page.getByText('4 entries match')).toBeVisible();
  for (let i = 0; i < 40; i += 1) {
    if (await grid(page).evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(grid(page)).toBeFocused();
  const active = () => grid(page).getAttribute('aria-activedescendant');
  expect(await active()).toBe('journal-row-0');
  await page.keyboard.press('ArrowDown');
  expect(await active()).toBe('journal-row-1');
  await page.keyboard.press('End');
  expect(await active()).toBe('journal-row-3');
  await page.keyboard.press('ArrowDown');
  expect(await active()).toBe('journal-row-3');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#journal-row-1')).toContainText('FAIL-1');

  await page.keyboard.press('Space');
  await expect(page.locator('#journal-row-1')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('4 entries match, 1 selected')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.locator('#journal-row-1')).toHaveAttribute('aria-selected', 'false');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Journal #\d+$/ })).toBeFocused();
  expect(page.url()).toMatch(/[?&]id=\d+$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: /^Journal #\d+$/ })).toHaveCount(0);
  await expect(grid(page)).toBeFocused();
  expect(await active()).toBe('journal-row-1');

  await page.keyboard.press('Alt+A');
  await expect(page.getByText('3 entries match')).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Search')).toBeFocused();
  await page.keyboard.type('Brown');
  await expect(page.getByText('1 entry matches')).toBeVisible();
  await page.keyboard.press('Alt+N');
  await expect(page).toHaveURL(/#\/new-entry$/);
  await page.keyboard.press('Alt+J');
  await expect(page).toHaveURL(/#\/journal$/);
});

test('a long journal comes in windows: never the whole table, End reaches the oldest row', async ({ desk }) => {
  const { page } = desk;
  for (let i = 0; i < 450; i += 1) {
    const input = {
      account_code: 'ACME01',
      reference: `Q-${i}`,
      policy: `P-${i}`,
      surname: 'Queue',
      postcode: 'M1 1AE',
    };
    const queued = await desk.core.pipeline.submit({ kind: 'entry', input, profile: 'Sandbox' });
    expect(queued.ok).toBe(true);
  }
  await desk.open('#/journal');
  await expect(page.getByText('450 entries match')).toBeVisible();
  await expect(page.locator('#journal-row-0')).toContainText('Q-449');
  await expect(page.locator('#journal-row-0')).toContainText('waiting to send');
  await grid(page).focus();
  await page.keyboard.press('End');
  await expect(page.locator('#journal-row-449')).toContainText('Q-0');
  await page.keyboard.press('PageUp');
  const activeId = await grid(page).getAttribute('aria-activedescendant');
  expect(Number(activeId?.replace('journal-row-', ''))).toBeLessThan(449);
  await expect(page.locator(`#${activeId}`)).toBeVisible();

  const windows = desk.answers
    .map((a) => JSON.parse(a) as { ok: boolean; data?: { rows?: unknown[]; total?: number } })
    .filter((a) => a.ok && Array.isArray(a.data?.rows) && a.data?.total === 450);
  expect(windows.length).toBeGreaterThanOrEqual(2);
  expect(Math.max(...windows.map((a) => a.data!.rows!.length))).toBeLessThanOrEqual(200);
  await page.screenshot({ path: 'test-results/screens/journal-list-end.png' });
});

test('queued rows show their profile’s sending control: pause, resume and send now', async ({ desk }) => {
  const { page } = desk;
  const input = { account_code: 'ACME01', reference: 'Q-1', policy: 'P-1', surname: 'Queue', postcode: 'M1 1AE' };
  expect((await desk.core.pipeline.submit({ kind: 'entry', input, profile: 'Sandbox' })).ok).toBe(true);
  await desk.open('#/journal');
  const sending = page.getByRole('group', { name: 'Sending for Sandbox' });
  await expect(sending).toContainText('Sandbox: sending');
  await sending.getByRole('button', { name: /Pause sending/ }).click();
  await expect(sending).toContainText('sending paused');
  await expect(page.getByText('Sending paused for Sandbox.')).toBeVisible();
  await page.keyboard.press('Alt+P');
  await expect(sending).toContainText('Sandbox: sending');
  await expect(page.getByText('Sending resumed for Sandbox.')).toBeVisible();
  await expect(sending.getByRole('button', { name: /Send now/ })).toHaveAttribute('title', /Alt\+S/);
  await page.keyboard.press('Alt+S');
  await expect(
    page
      .getByText(/Sandbox/)
      .filter({ hasText: /now|waiting/ })
      .last(),
  ).toBeVisible();
});

for (const size of [
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: '1024x768-zoom200', ...ZOOM_200 },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    test('the list, a selection and the open detail are laid out to be read', async ({ desk }) => {
      const { page } = desk;
      const { failed } = await seedFour(desk);
      await desk.open('#/journal');
      await expect(page.getByText('4 entries match')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/journal-${size.name}.png` });
      await grid(page).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await page.screenshot({ path: `test-results/screens/journal-selected-${size.name}.png`, fullPage: true });
      await desk.open(`#/journal?id=${failed.id}`);
      await expect(page.getByRole('heading', { name: `Journal #${failed.id}` })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/journal-detail-${size.name}.png`, fullPage: true });
    });
  });
}
