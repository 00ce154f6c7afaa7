import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { operatorName } from '@main/core/core';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import { expect, test, type Desk } from './support/harness';
import { entryInput as input, sendEntry } from './support/journal-seed';

const submitAndSend = async (desk: Desk, reference: string, extra: Record<string, string> = {}) =>
  (await sendEntry(desk, reference, extra)).id;
import { ZOOM_200 } from './support/zoom';
import { personalDataNotice } from '@shared/journal/personal-fields';

/** The PDF's text as pdftotext lays it out. */
const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-']).toString();
/** The footer a summary listing customers' surnames carries on every page. */
const NOTICE = personalDataNotice(['surname']);

mkdirSync('test-results/summary', { recursive: true });
mkdirSync('test-results/screens', { recursive: true });

const ME = operatorName();
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The journal stores UTC times and the summary counts UTC days: yesterday and today cover every row made now. */
const FROM = isoDay(Date.now() - DAY_MS);
const TO = isoDay(Date.now());
/** A day as every screen writes it, in the default date order: DD/MM/YYYY. */
const words = (iso: string) => iso.split('-').reverse().join('/');
const TITLE = `Daily summary, ${words(FROM)} – ${words(TO)}`;

/** Another desk's clerk: a row queued straight into the journal under their name. */
async function queueFor(desk: Desk, operator: string, profile: string, reference: string): Promise<number> {
  const queued = await desk.core.journal.queue(
    {
      kind: 'entry',
      profile,
      operator,
      // Stored as the pipeline stores entries: every field, blanks as empty text.
      payload: { ...Object.fromEntries(ENTRY_FIELDS.map((f) => [f, ''])), ...input(reference, { surname: 'Patel' }) },
      payloadHash: `${operator}-${reference}`,
    },
    true,
  );
  return queued.row!.id;
}

/**
 * Seven rows of the range: this operator 2 accepted, 1 rejected (the service's 400), 1 unknown
 * (a gateway's 502); clerk2 1 accepted, 1 discarded, and 1 queued for another profile.
 */
async function seedRange(desk: Desk) {
  await submitAndSend(desk, 'SUM-ACC-1');
  await submitAndSend(desk, 'SUM-ACC-2');
  desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 502, store: true } });
  await submitAndSend(desk, 'SUM-UNK-1', { surname: 'Unwin' });
  const sandbox = desk.core.profiles.get('Sandbox')!;
  desk.core.profiles.put({ ...sandbox, fieldRules: { surname: { required: false } } });
  await submitAndSend(desk, 'SUM-REJ-1', { surname: '' });
  desk.core.profiles.put(sandbox);
  desk.core.profiles.put({ name: 'Office', baseUrl: 'https://feed.example.com' });
  await desk.core.pipeline.send(await queueFor(desk, 'clerk2', 'Sandbox', 'SUM-C2-1'));
  await desk.core.journal.discard(await queueFor(desk, 'clerk2', 'Sandbox', 'SUM-C2-2'), 'keyed twice');
  await queueFor(desk, 'clerk2', 'Office', 'SUM-C2-3');
}

/** A table's row for a name, as its cells' text. */
async function rowOf(table: Locator, name: string): Promise<string[]> {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });
  return row.locator('th, td').allInnerTexts();
}

test('the summary counts by state, operator and profile, lists unknowns and rejections, and saves as a PDF of itself', async ({
  desk,
}) => {
  const { page } = desk;
  await seedRange(desk);
  await desk.open(`#/summary?from=${FROM}&to=${TO}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByTestId('summary-total')).toHaveText('7');
  await expect(page.getByTestId('summary-accepted')).toHaveText('3');
  await expect(page.getByTestId('summary-rejected')).toHaveText('1');
  await expect(page.getByTestId('summary-unknown')).toHaveText('1');
  await expect(page.getByTestId('summary-discarded')).toHaveText('1');
  await expect(page.getByTestId('summary-queued')).toHaveText('1');
  await expect(page.getByTestId('summary-failed')).toHaveText('0');

  const byOperator = page.getByRole('region', { name: 'By operator' }).getByRole('table');
  await expect(byOperator.getByRole('columnheader')).toHaveText([
    'Operator',
    'Accepted',
    'Rejected',
    'Unknown',
    'Queued',
    'Discarded',
    'Total',
  ]);
  expect(await rowOf(byOperator, 'clerk2')).toEqual(['clerk2', '1', '0', '0', '1', '1', '3']);
  expect(await rowOf(byOperator, ME)).toEqual([ME, '2', '1', '1', '0', '0', '4']);
  const byProfile = page.getByRole('region', { name: 'By profile' }).getByRole('table');
  expect(await rowOf(byProfile, 'Sandbox')).toEqual(['Sandbox', '3', '1', '1', '0', '1', '6']);
  expect(await rowOf(byProfile, 'Office')).toEqual(['Office', '0', '0', '0', '1', '0', '1']);

  const attention = page.getByRole('region', { name: /Unknowns and rejections/ });
  await expect(attention.getByRole('heading')).toHaveText('Unknowns and rejections (2)');
  const rows = attention.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('SUM-UNK-1');
  await expect(rows.nth(1)).toContainText('Unwin');
  await expect(rows.nth(1)).toContainText('Unknown');
  await expect(rows.nth(2)).toContainText('SUM-REJ-1');
  await expect(rows.nth(2)).toContainText('Rejected');
  await expect(rows.nth(2)).toContainText('surname');
  await page.screenshot({ path: 'test-results/screens/summary-1280x800.png', fullPage: true });

  // Save as PDF: main asks where (the harness's dialog picks a path) and prints this page.
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to' })).toHaveText(`Saved to ${desk.saved[0]}`);
  const pdf = 'test-results/summary/summary.pdf';
  copyFileSync(desk.saved[0]!, pdf);
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

  rmSync('test-results/summary/page-1.png', { force: true });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    'test-results/summary/page-1',
  ]);
  expect(statSync('test-results/summary/page-1.png').size).toBeGreaterThan(10_000);

  const text = pdfText(pdf);
  expect(text).toContain(TITLE);
  // The counts by state (eight tiles in a row), by operator and by profile, as printed.
  expect(text).toMatch(
    /Total\s+Accepted\s+Rejected\s+Unknown\s+Failed\s+Queued\s+Sending\s+Discarded\s+Superseded\s*\n\s*7\s+3\s+1\s+1\s+0\s+1\s+0\s+1\s+0\b/,
  );
  expect(text).toMatch(/clerk2\s+1\s+0\s+0\s+1\s+1\s+3\b/);
  expect(text).toMatch(/Sandbox\s+3\s+1\s+1\s+0\s+1\s+6\b/);
  expect(text).toContain('SUM-UNK-1');
  expect(text).toContain('SUM-REJ-1');
  expect(text).toContain('clerk2');
  expect(text).toMatch(/Unknowns and rejections \(2\)/);
  // The app bar and the controls are not printed.
  expect(text).not.toContain('New entry');
  expect(text).not.toContain('Save as PDF');
  expect(text).not.toContain('Back to journal');
  // It lists customers' surnames: the notice is its footer.
  expect(text).toContain('Unwin');
  expect(text).toContain(NOTICE);

  // Without personal details (from the keyboard): no Surname column on the page or in the PDF, and no notice.
  const without = page.getByRole('checkbox', { name: 'Without personal details' });
  await page.getByRole('button', { name: 'Save as PDF' }).focus();
  await page.keyboard.press('Tab');
  await expect(without).toBeFocused();
  await page.keyboard.press('Space');
  await expect(attention.getByRole('columnheader', { name: 'Surname' })).toHaveCount(0);
  await expect(attention.getByRole('columnheader', { name: 'Reference' })).toHaveCount(1);
  await expect(rows.nth(1)).not.toContainText('Unwin');
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to' })).toHaveText(`Saved to ${desk.saved[1]}`);
  const plain = pdfText(desk.saved[1]!);
  expect(plain).toContain('SUM-UNK-1');
  expect(plain).not.toContain('Unwin');
  expect(plain).not.toContain('Contains personal data');
});

test('a summary of counts only (nothing to list by name) states nothing about personal data', async ({ desk }) => {
  const { page } = desk;
  await submitAndSend(desk, 'SUM-ACC-1');
  await submitAndSend(desk, 'SUM-ACC-2');
  await desk.open(`#/summary?from=${FROM}&to=${TO}`);
  await expect(page.getByTestId('summary-accepted')).toHaveText('2');
  await expect(page.getByRole('heading', { name: 'Unknowns and rejections (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to' })).toHaveText(`Saved to ${desk.saved[0]}`);
  const text = pdfText(desk.saved[0]!);
  expect(text).toMatch(/Unknowns and rejections \(0\)/);
  expect(text).not.toContain('Contains personal data');
});

test('the range is typed in the screen’s date order, checked, and kept in the address', async ({ desk }) => {
  const { page } = desk;
  await seedRange(desk);
  await desk.open(`#/summary?from=${FROM}&to=${TO}`);
  await expect(page.getByTestId('summary-total')).toHaveText('7');
  const first = page.getByLabel('First day');
  const last = page.getByLabel('Last day');
  await expect(first).toHaveValue(FROM.split('-').reverse().join('/'));
  await first.fill('02/01/2020');
  await last.fill('01/01/2020');
  await last.press('Enter');
  await expect(page.locator('#summary-to-error')).toHaveText('The last day is before the first day');
  await last.fill('03012020');
  await last.press('Enter');
  await expect(page).toHaveURL(/#\/summary\?from=2020-01-02&to=2020-01-03$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily summary, 02/01/2020 – 03/01/2020');
  await expect(page.getByTestId('summary-total')).toHaveText('0');
  await expect(page.getByText('Nothing was submitted from 02/01/2020 to 03/01/2020.')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('summary-total')).toHaveText('7');
  await expect(first).toHaveValue(FROM.split('-').reverse().join('/'));
  await page.getByRole('link', { name: 'Back to journal' }).click();
  await expect(page).toHaveURL(/#\/journal$/);
});

for (const size of [
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: '1024x768-zoom200', ...ZOOM_200 },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the summary has no serious or critical accessibility violations', async ({ desk }) => {
      const { page } = desk;
      await seedRange(desk);
      await desk.open(`#/summary?from=${FROM}&to=${TO}`);
      await expect(page.getByTestId('summary-total')).toHaveText('7');
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      await page.screenshot({ path: `test-results/screens/summary-${size.name}.png`, fullPage: true });
    });
  });
}
