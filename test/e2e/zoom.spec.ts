// Issue 8, defect 8: at 200 % zoom of a 1024×768 window (and the usual sizes) nothing hides the
// focused field and nothing is clipped.
import { expect, test } from './support/harness';
import { TAB_ORDER } from './support/keyboard-entry';
import { SIZES } from './support/zoom';

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('8: a Tab walk through New entry never leaves the focused field under anything', async ({ desk }) => {
      const { page } = desk;
      await desk.open();
      await expect(page.locator('#field-account_code')).toBeFocused();
      const hidden: string[] = [];
      const visited = new Set<string>();
      // Tab until the submit button, checking every field focus lands on (however many stops each takes).
      for (let presses = 0; presses < 80; presses += 1) {
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const r = el.getBoundingClientRect();
          const points = [
            [r.left + 2, r.top + 2],
            [r.right - 2, r.top + 2],
            [r.left + 2, r.bottom - 2],
            [r.right - 2, r.bottom - 2],
          ];
          // Every corner of the focused field must be in view and the topmost thing there.
          const covered = points.some(([x, y]) => {
            const top = document.elementFromPoint(x!, y!);
            return !top || !(top === el || el.contains(top));
          });
          return { id: el.id, submit: el.getAttribute('type') === 'submit', covered };
        });
        if (focused.submit) break;
        if (focused.id.startsWith('field-')) visited.add(focused.id);
        if (focused.covered && !hidden.includes(focused.id)) hidden.push(focused.id);
        await page.keyboard.press('Tab');
      }
      expect(visited.size).toBe(TAB_ORDER.length);
      expect(hidden).toEqual([]);
    });

    test('8: Settings shows every select and input whole', async ({ desk }) => {
      const { page } = desk;
      await desk.open('#/settings');
      await expect(page.getByRole('heading', { name: 'Profile Sandbox' })).toBeVisible();
      const clipped = await page.evaluate(() => {
        const canvas = document.createElement('canvas').getContext('2d')!;
        const bad: string[] = [];
        for (const el of Array.from(
          document.querySelectorAll<HTMLSelectElement | HTMLInputElement>('main select, main input'),
        )) {
          const style = getComputedStyle(el);
          if (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file' || el.closest('details:not([open])'))
            continue;
          const r = el.getBoundingClientRect();
          const text = el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : el.value;
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          // The text, the padding, and for a select the arrow (about 24 px) must fit.
          const needed =
            canvas.measureText(text).width +
            parseFloat(style.paddingLeft) +
            parseFloat(style.paddingRight) +
            (el instanceof HTMLSelectElement ? 24 : 0);
          if (r.width < needed || r.right > document.documentElement.clientWidth) bad.push(el.id || el.name);
        }
        return bad;
      });
      expect(clipped).toEqual([]);
    });
  });
}
