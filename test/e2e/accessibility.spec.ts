import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/harness';

for (const [screen, hash] of [
  ['New entry', '#/new-entry'],
  ['Settings', '#/settings'],
] as const) {
  test(`${screen} has no serious or critical accessibility violations`, async ({ desk }) => {
    const { page } = desk;
    await desk.open(hash);
    await expect(page.locator('main h1')).toBeVisible();
    if (screen === 'New entry') {
      await page.keyboard.press('Control+Enter');
      await expect(page.getByRole('alert').filter({ hasText: 'need attention' })).toBeVisible();
    }
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
