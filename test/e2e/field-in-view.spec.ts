import type { Locator, Page } from '@playwright/test';
import { ENTRY_SECTIONS } from '@shared/entry/fields';
import { FULL_ENTRY, keyFields } from './support/keyboard-entry';
import { expect, test } from './support/harness';

/** How far below the bottom bar's top the focused field or its message reaches (0 or less: all of it in view). */
async function hiddenBehindBar(page: Page, part: Locator): Promise<number> {
  const box = await part.boundingBox();
  const bar = await page.locator('.action-bar').boundingBox();
  if (!box || !bar) throw new Error('The field or the bottom bar is not shown');
  expect(box.y).toBeGreaterThanOrEqual(0);
  return box.y + box.height - bar.y;
}

test('at 1280x800, after a submit with errors, each field reached by Tab shows its error above the bottom bar', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open();
  await expect(page.locator('#field-account_code')).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.field-error').first()).toBeVisible();
  await page.locator('#field-account_code').focus();

  const hidden: string[] = [];
  for (const field of ENTRY_SECTIONS.flatMap((s) => s.fields)) {
    await expect(page.locator(`#field-${field}`)).toBeFocused();
    const error = page.locator(`#field-${field}-error`);
    if (await error.isVisible()) {
      const below = await hiddenBehindBar(page, error);
      if (below > 0) hidden.push(`${field} (${Math.round(below)} px)`);
    }
    await page.keyboard.press('Tab');
  }
  expect(hidden, 'errors of the focused field behind the bottom bar').toEqual([]);
});

/** Flags text past each limited field's limit in turn, Tab to Tab; returns the fields whose message the bar hid. */
async function flagEachTooLong(page: Page): Promise<string[]> {
  const hidden: string[] = [];
  await page.locator('#field-account_code').focus();
  for (const field of ENTRY_SECTIONS.flatMap((s) => s.fields)) {
    const input = page.locator(`#field-${field}`);
    await expect(input).toBeFocused();
    const hint = page.locator(`#field-${field}-hint.limit`);
    if (await hint.count()) {
      const before = await input.inputValue();
      const limit = Number(/\d+/.exec((await hint.textContent()) ?? '')?.[0]);
      await page.keyboard.insertText('x'.repeat(limit + 1));
      const error = page.locator(`#field-${field}-error`);
      await expect(error).toBeVisible();
      const below = await hiddenBehindBar(page, error);
      if (below > 0) hidden.push(`${field} (${Math.round(below)} px)`);
      await input.fill(before);
    }
    await page.keyboard.press('Tab');
  }
  return hidden;
}

test('at 1280x800, text typed past a field’s limit is flagged under it, above the bottom bar', async ({ desk }) => {
  const { page } = desk;
  await desk.open();
  await expect(page.locator('#field-account_code')).toBeFocused();
  expect(await flagEachTooLong(page), 'errors of the focused field behind the bottom bar').toEqual([]);
});

test('at 1280x800, with a long answer in the bottom bar, text past a limit is still flagged above it', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open();
  // Keyed only once the form has put the focus in its first field, or the first keys are lost.
  await expect(page.locator('#field-account_code')).toBeFocused();
  // A 503 whose Retry-After outlasts the test: the answer stays in the bar for the whole walk (with a
  // quick retry it was replaced by "Accepted" mid-walk, and the bar changed height under a measure).
  desk.sandbox.faults.add({ target: 'entry', fault: { kind: 'status', status: 503, retryAfter: 3600 } });
  await keyFields(page, FULL_ENTRY);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status', { name: 'Result' })).toContainText('will be sent automatically');
  expect(await flagEachTooLong(page), 'errors of the focused field behind the bottom bar').toEqual([]);
});
