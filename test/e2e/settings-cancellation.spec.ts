// Issue 11: an administrator sets a profile's cancellation path and field set in Settings.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEFAULT_CANCELLATION_FIELDS } from '@shared/profile/cancellation-fields';
import { expect, test, type Desk } from './support/harness';
import { SIZES } from './support/zoom';

const PROD = { name: 'Prod', baseUrl: 'https://feed.example.com' };

/** Opens Settings on the Prod profile and returns its cancellation section. */
async function prodSection(desk: Desk) {
  await desk.open('#/settings');
  await desk.page.getByRole('button', { name: 'Prod', exact: true }).click();
  await expect(desk.page.getByRole('heading', { name: 'Profile Prod' })).toBeVisible();
  return desk.page.getByRole('region', { name: 'Cancellation requests' });
}

/** Controls of the section that are cut off or run past the card's edge (as zoom.spec checks the rest). */
function clippedInputs(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const card = document.querySelector('.profile-editor')!.getBoundingClientRect();
    const bad: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('.cancellation-settings :is(input, select)'),
    )) {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (r.right > card.right) bad.push(el.getAttribute('aria-label')!);
      if (el.type === 'checkbox') continue;
      const text = el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : el.value;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed =
        canvas.measureText(text).width +
        parseFloat(style.paddingLeft) +
        parseFloat(style.paddingRight) +
        (el instanceof HTMLSelectElement ? 24 : 0);
      if (r.width < needed || r.right > document.documentElement.clientWidth) bad.push(el.getAttribute('aria-label')!);
    }
    return bad;
  });
}

test('a new profile: path, a renamed field, a field left out and an extra choice field, saved and shown again', async ({
  desk,
}) => {
  const { page } = desk;
  await desk.open('#/settings');
  await page.getByRole('button', { name: 'Add profile' }).click();
  await page.getByLabel('Name', { exact: true }).fill(PROD.name);
  await page.getByLabel('Base URL').fill(PROD.baseUrl);
  const section = page.getByRole('region', { name: 'Cancellation requests' });
  await section.getByLabel('Cancellation path').fill('/v2/cancel');

  // Each default field shows its current wire name; recordid is always required.
  for (const field of DEFAULT_CANCELLATION_FIELDS) {
    await expect(section.getByLabel(`${field.name} sent as`)).toHaveValue(field.name);
  }
  await expect(section.getByLabel(/^recordid required/)).toBeChecked();
  await expect(section.getByLabel(/^recordid required/)).toBeDisabled();

  // By keyboard: a row's cells in order, then the next row.
  await section.getByLabel('reason sent as').fill('cancel_reason');
  await section.getByLabel('policy sent as').focus();
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Leave policy out')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(section.getByLabel('policy sent as')).toHaveAttribute('readonly', '');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('policy required')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('cancellation_date sent as')).toBeFocused();

  // "Add field" puts focus on the new field's name.
  await section.getByRole('button', { name: 'Add field' }).press('Enter');
  await expect(section.getByLabel('Extra field 1 name')).toBeFocused();
  await page.keyboard.type('channel');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Extra field 1 label')).toBeFocused();
  await page.keyboard.type('Channel');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Extra field 1 type')).toBeFocused();
  await section.getByLabel('Extra field 1 type').selectOption('choice');
  await section.getByLabel('Extra field 1 options').fill('phone,email');
  await section.getByLabel('Extra field 1 required').check();
  // The caller's channel is no one's personal detail; ticked here to show it is kept and shown again.
  await section.getByLabel('Extra field 1 personal').check();
  await expect(section.getByRole('group', { name: 'Extra field 1: channel' })).toBeVisible();

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved profile Prod' })).toBeVisible();
  const fields = DEFAULT_CANCELLATION_FIELDS.map((f) =>
    f.name === 'reason' ? { ...f, wire: 'cancel_reason' } : f.name === 'policy' ? { ...f, wire: null } : f,
  );
  expect(desk.core.profiles.get('Prod')?.cancellation).toEqual({
    path: '/v2/cancel',
    fields: [
      ...fields,
      {
        name: 'channel',
        wire: 'channel',
        label: 'Channel',
        type: 'choice',
        required: true,
        options: ['phone', 'email'],
        personal: true,
      },
    ],
  });

  await page.reload();
  const again = await prodSection(desk);
  await expect(again.getByLabel('Cancellation path')).toHaveValue('/v2/cancel');
  await expect(again.getByLabel('reason sent as')).toHaveValue('cancel_reason');
  await expect(again.getByLabel('Leave policy out')).toBeChecked();
  await expect(again.getByLabel('Leave reason out')).not.toBeChecked();
  await expect(again.getByLabel('Extra field 1 name')).toHaveValue('channel');
  await expect(again.getByLabel('Extra field 1 type')).toHaveValue('choice');
  await expect(again.getByLabel('Extra field 1 options')).toHaveValue('phone\nemail');
  await expect(again.getByLabel('Extra field 1 required')).toBeChecked();
  await expect(again.getByLabel('Extra field 1 personal')).toBeChecked();

  // Removing the extra field and emptying the path: saved as no path and the default set.
  await again.getByRole('button', { name: 'Remove extra field 1' }).click();
  await expect(again.getByRole('button', { name: 'Add field' })).toBeFocused();
  await again.getByLabel('Cancellation path').fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved profile Prod' })).toBeVisible();
  expect(desk.core.profiles.get('Prod')?.cancellation).toEqual({ path: null, fields });
});

test('bad settings are shown at the cell they concern, and nothing is saved', async ({ desk }) => {
  desk.core.profiles.put(PROD);
  const before = desk.core.profiles.get('Prod')?.cancellation;
  const { page } = desk;
  const section = await prodSection(desk);
  await section.getByLabel('Cancellation path').fill('v2/cancel');
  await section.getByLabel('reason sent as').fill('cancel reason');
  await section.getByRole('button', { name: 'Add field' }).press('Enter');
  await section.getByLabel('Extra field 1 name').fill('channel');
  await section.getByLabel('Extra field 1 label').fill('Channel');
  await section.getByLabel('Extra field 1 type').selectOption('choice');
  await page.getByRole('button', { name: 'Save profile' }).click();

  const path = section.getByLabel('Cancellation path');
  await expect(path).toBeFocused();
  await expect(path).toHaveAttribute('aria-invalid', 'true');
  await expect(path).toHaveAccessibleDescription('Path must start with / and hold only URL-safe characters');
  await expect(section.getByLabel('reason sent as')).toHaveAccessibleDescription(
    'A wire name: letters, digits and _ . -, at most 60',
  );
  await expect(section.getByLabel('Extra field 1 options')).toHaveAccessibleDescription(
    /A choice field needs at least one option/,
  );
  await page.screenshot({ path: 'test-results/screens/settings-cancellation-errors.png', fullPage: true });

  // Fixed; then two fields on the wire under one name, and a maximum length that is not a number.
  await path.fill('/v2/cancel');
  await expect(path).not.toHaveAttribute('aria-invalid');
  await section.getByLabel('reason sent as').fill('policy');
  await section.getByLabel('Extra field 1 options').fill('phone\nemail');
  await section.getByLabel('Extra field 1 type').selectOption('text');
  await section.getByLabel('Extra field 1 max length').fill('ten');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(section.getByLabel('Extra field 1 max length')).toHaveAccessibleDescription(
    /Enter a whole number from 1 to 10,000/,
  );
  await section.getByLabel('Extra field 1 max length').fill('10');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(section.getByLabel('reason sent as')).toHaveAccessibleDescription('Two fields go on the wire as policy');
  await expect(section.getByLabel('reason sent as')).toBeFocused();

  // Leaving a renamed default field with no name is refused too, in plain words.
  await section.getByLabel('reason sent as').fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(section.getByLabel('reason sent as')).toHaveAccessibleDescription(
    'Enter the name it is sent as, or leave it out',
  );
  expect(desk.core.profiles.get('Prod')?.cancellation).toEqual(before);
});

for (const size of SIZES.filter((s) => s.name === '1280x800' || s.name === '1024x768-zoom200')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the section is whole and has no serious accessibility problems', async ({ desk }) => {
      desk.core.profiles.put({
        ...PROD,
        cancellation: {
          path: '/v2/cancel',
          fields: [
            ...DEFAULT_CANCELLATION_FIELDS.map((f) => (f.name === 'policy' ? { ...f, wire: null } : f)),
            { name: 'channel', wire: 'channel', label: 'Channel', type: 'choice', required: true, options: ['phone'] },
            { name: 'branch_reference', wire: 'branch_ref', label: 'Branch reference', type: 'text', required: false },
          ],
        },
      });
      const { page } = desk;
      const section = await prodSection(desk);
      await section.getByLabel('reason sent as').fill('cancel reason');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(section.getByLabel('reason sent as')).toHaveAttribute('aria-invalid', 'true');
      expect(await clippedInputs(page)).toEqual([]);
      const results = await new AxeBuilder({ page }).include('.cancellation-settings').analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await section.getByRole('heading', { name: 'Cancellation requests' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/settings-cancellation-${size.name}.png` });
      await page.screenshot({
        path: `test-results/screens/settings-cancellation-${size.name}-full.png`,
        fullPage: true,
      });
    });
  });
}
