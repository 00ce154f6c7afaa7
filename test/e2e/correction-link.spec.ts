// Issue 28, part 2: the correction link is not lost on the way. A rejected entry's draft keeps
// "corrects #N" across a restart of the backend (and is saved the moment the rejection comes, so a
// crash keeps it too); the ask-before-new question says what is true; an unknown row is resolved
// before it can be keyed again; and marking it accepted keeps the gateway's 502.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { operatorName } from '@main/core/core';
import { startSandbox } from '../../electron/sandbox/server';
import { startDeskBackend, type DeskBackend } from '../support/desk-backend';
import { expect, test } from './support/harness';
import { sendEntry } from './support/journal-seed';

const RENDERER = process.env.FEED_DESK_RENDERER ?? 'out/renderer';

/** The OS user: main records it as the operator of every decision. */
const ME = operatorName();

const FIELDS = {
  account_code: 'ACME01',
  reference: 'LINK-1',
  policy: 'FURN-PLUS',
  surname: 'Jones',
  postcode: 'M1 1AE',
};

/** The journal's newest row. */
async function newest(backend: DeskBackend) {
  const { rows } = await backend.core.journal.list({ sort: 'id', direction: 'desc', limit: 1 });
  return rows[0]!;
}

/** Fails the test on any error the page reports while it runs. */
function watchErrors(page: Page, errors: string[]) {
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
}

test('a rejected entry keeps "corrects #N" across a restart of the backend, and Ctrl+Enter supersedes #N', async ({
  context,
}) => {
  const sandbox = await startSandbox();
  const home = mkdtempSync(join(tmpdir(), 'feed-desk-e2e-restart-'));
  const errors: string[] = [];
  let page = await context.newPage();
  watchErrors(page, errors);
  let backend = await startDeskBackend(page, RENDERER, { sandbox, home });
  try {
    await page.goto(`${backend.url}/index.html#/new-entry`);
    for (const [name, value] of Object.entries(FIELDS)) await page.locator(`#field-${name}`).fill(value);
    sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 400 } });
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('correcting')).toBeVisible();
    const rejected = await newest(backend);
    expect(rejected.state).toBe('rejected');
    await expect(page.getByTestId('correcting')).toContainText(`Corrects journal #${rejected.id}`);
    // Saved with its link the moment the rejection came, before anything more is typed: a crash keeps it.
    await expect
      .poll(async () => backend.core.journal.drafts.get('new-entry'))
      .toMatchObject({ corrects: rejected.id, payload: { reference: 'LINK-1', surname: 'Jones' } });

    // Corrected, then Alt+N: the question says the entry was submitted and rejected, not that it was never sent.
    await page.locator('#field-surname').fill('Jones-Smith');
    await page.keyboard.press('Alt+N');
    let question = page.getByRole('dialog', { name: 'Clear this entry?' });
    await expect(question).toContainText(
      `#${rejected.id} was rejected by the service; your corrections are not sent yet. Clearing the form loses them.`,
    );
    await expect(question).not.toContainText('has not been submitted');
    await question.getByRole('button', { name: 'Keep this entry' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByTestId('correcting')).toContainText(`Corrects journal #${rejected.id}`);
    await expect
      .poll(async () => backend.core.journal.drafts.get('new-entry'))
      .toMatchObject({ corrects: rejected.id, payload: { surname: 'Jones-Smith' } });

    // The backend restarts on the same data folder; a new window restores the draft with its link.
    await page.close();
    await backend.close();
    page = await context.newPage();
    watchErrors(page, errors);
    backend = await startDeskBackend(page, RENDERER, { sandbox, home });
    await page.goto(`${backend.url}/index.html#/new-entry`);
    await expect(page.getByText(/^Draft restored/)).toBeVisible();
    await expect(page.locator('#field-surname')).toHaveValue('Jones-Smith');
    await expect(page.getByTestId('correcting')).toContainText(`Corrects journal #${rejected.id}`);
    // ... and why #N was rejected, which the result panel said before the restart.
    expect(rejected.message).toBeTruthy();
    await expect(page.getByTestId('rejection-reason')).toContainText(
      `#${rejected.id} was rejected: ${rejected.message}`,
    );

    // Alt+K asks the same true question; keeping the entry keeps its link.
    await page.keyboard.press('Alt+K');
    question = page.getByRole('dialog', { name: 'Clear this entry?' });
    await expect(question).toContainText(`#${rejected.id} was rejected by the service`);
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(page.getByTestId('correcting')).toContainText(`Corrects journal #${rejected.id}`);

    await page.locator('#field-account_code').focus();
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('recordid')).toBeVisible();
    const correction = await newest(backend);
    expect(correction).toMatchObject({ state: 'accepted', corrects: rejected.id });
    expect(await backend.core.journal.get(rejected.id)).toMatchObject({
      state: 'superseded',
      supersededBy: correction.id,
    });
    expect(await backend.core.journal.attention()).toEqual({ unknown: 0, failed: 0, rejected: 0 });
    expect(sandbox.records).toHaveLength(1);
    await expect.poll(async () => backend.core.journal.drafts.get('new-entry')).toBeUndefined();
  } finally {
    await page.close();
    await backend.close();
    await sandbox.close();
  }
  expect(errors).toEqual([]);
});

test('an unknown row offers no Open as new entry, and Mark accepted keeps its 502', async ({ desk }) => {
  const { page } = desk;
  desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 502, store: true } });
  const row = await sendEntry(desk, 'GATEWAY-1');
  expect(row).toMatchObject({ state: 'unknown', httpStatus: 502 });
  const recordid = desk.sandbox.records[0]!.recordid;

  await desk.open(`#/journal?id=${row.id}`);
  const panel = page.getByRole('region', { name: `Journal #${row.id}` });
  await expect(panel.getByRole('heading', { name: `Journal #${row.id}` })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Mark accepted…' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /Open as new entry/ })).toHaveCount(0);
  await expect(panel.getByTestId('detail-explanation')).toContainText('resolve it first');
  await page.keyboard.press('Alt+Shift+O');
  await expect(page).toHaveURL(/#\/journal\?id=/);
  await expect(panel).toBeVisible();

  const answer = panel.locator('.detail-facts > div').filter({ hasText: 'Service answer' }).locator('dd');
  await expect(answer).toHaveText('HTTP 502');
  await page.keyboard.press('Alt+Shift+A');
  const dialog = page.getByRole('dialog', { name: `Mark journal #${row.id} accepted` });
  await dialog.getByLabel('Recordid the service gave').fill(String(recordid));
  await dialog.getByRole('button', { name: 'Mark accepted' }).click();
  await expect(panel.locator('.state-chip')).toHaveText('Accepted');
  await expect(answer).toHaveText('HTTP 502');
  await expect(panel.getByTestId('detail-message')).toHaveText(
    `Answer lost (502 Bad Gateway); marked accepted by ${ME} with recordid ${recordid}`,
  );
  expect(await desk.core.journal.get(row.id)).toMatchObject({
    state: 'accepted',
    recordid,
    httpStatus: 502,
    attempts: 1,
  });
});
