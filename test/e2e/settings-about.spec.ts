// Settings › About shows the command that installs the command line this version carries (the npm
// tarball npm run build packs into out/cli-package, the installers' resources/cli) with this
// computer's Node, and copies it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Desk } from './support/harness';
import { seriousViolations } from './support/journal-seed';
import { SIZES } from './support/zoom';

const ROOT = join(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const TARBALL = join(ROOT, 'out/cli-package', `feed-desk-${version}.tgz`);

// The tarball npm run build makes; packed here when this build has none (electron-vite build alone).
test.beforeAll(() => {
  if (!existsSync(TARBALL)) execFileSync(process.execPath, [join(ROOT, 'scripts/pack-cli.mjs')], { cwd: ROOT });
});

/** Opens Settings and returns the About card. */
async function aboutCard(desk: Desk) {
  await desk.open('#/settings');
  const card = desk.page.getByRole('region', { name: 'About', exact: true });
  await expect(card.getByTestId('cli-install')).toBeVisible();
  return card;
}

test('About shows the command that installs this version’s command line, and copies it', async ({ desk, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const card = await aboutCard(desk);
  const command = `npm install -g '${TARBALL}'`;
  await expect(card.getByTestId('cli-install')).toHaveText(command);
  await expect(card).toContainText('Node.js 20.19 or 22.12 or newer');
  await card.getByRole('button', { name: 'Copy command' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'copied' })).toHaveText('Command copied.');
  expect(await desk.page.evaluate(() => navigator.clipboard.readText())).toBe(command);
});

test('Save diagnostics… writes a file for support with no customer in it, and says where', async ({ desk }) => {
  const surname = 'Fenwick-Oddingley';
  const input = { account_code: 'ACME01', reference: 'DIAG-E2E', policy: 'P-1', surname, postcode: 'M1 1AE' };
  expect((await desk.core.pipeline.submit({ kind: 'entry', input, profile: 'Sandbox' })).ok).toBe(true);
  const card = await aboutCard(desk);
  await card.getByRole('button', { name: 'Save diagnostics…' }).click();
  const result = card.getByTestId('diagnostics-result');
  await expect(result).toContainText('Saved diagnostics to ');
  const path = desk.saved.at(-1)!;
  expect(path).toMatch(/feed-desk-diagnostics-\d{4}-\d\d-\d\d\.json$/);
  await expect(result).toContainText(path);
  const text = readFileSync(path, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ app: { name: 'Feed Desk', version }, journal: { kind: 'local' } });
  expect(text).not.toContain(surname);
});

test('Updates: the feed is refused in words unless HTTPS, saved for the desk, and the state says why nothing updates here', async ({
  desk,
}) => {
  const card = await aboutCard(desk);
  await expect(card.getByTestId('update-state')).toHaveText(
    /runs from its source \(npm start\), so it does not update itself/,
  );
  const feed = card.getByLabel('Update feed');
  await feed.fill('http://updates.office.example/feed-desk/');
  await card.getByRole('button', { name: 'Save update feed' }).click();
  await expect(feed).toHaveAttribute('aria-invalid', 'true');
  await expect(feed).toHaveAccessibleDescription(/must be served over HTTPS \(http was given\)/);
  expect(existsSync(join(desk.core.home, 'update-feed.txt'))).toBe(false);
  await feed.fill('https://updates.office.example/feed-desk/');
  await card.getByRole('button', { name: 'Save update feed' }).click();
  await expect(card.getByText('Saved: this desk follows that update feed.')).toBeVisible();
  await expect(feed).not.toHaveAttribute('aria-invalid', 'true');
  expect(readFileSync(join(desk.core.home, 'update-feed.txt'), 'utf8')).toBe(
    'https://updates.office.example/feed-desk/\n',
  );
  await expect(card.getByRole('button', { name: 'Restart to update' })).toHaveCount(0);
});

for (const size of SIZES.filter((s) => s.name === '1280x800' || s.name === '1024x768-zoom200')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the About card has no serious or critical accessibility violations', async ({ desk }) => {
      const card = await aboutCard(desk);
      await card.scrollIntoViewIfNeeded();
      expect(await seriousViolations(desk.page)).toEqual([]);
      await card.screenshot({ path: `test-results/screens/settings-about-${size.name}.png` });
    });
  });
}
