import type { Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { officePasswordKey, readJournalSettings } from '@main/journal/open';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { freePort, postgresMissing, startPostgres } from '../support/postgres';
import { expect, test, type Desk } from './support/harness';
import { SIZES } from './support/zoom';
import { seriousViolations } from './support/journal-seed';

const PASSWORD = 'office-pw-never-shown-5d2e';
const NEEDS_KEYCHAIN = 'needs a Secret Service: run under dbus-run-session with gnome-keyring (as npm test does)';

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
const closedPort = freePort;

/** Opens Settings and returns the Journal card. */
async function journalCard(desk: Desk) {
  await desk.open('#/settings');
  const card = desk.page.getByRole('region', { name: 'Journal', exact: true });
  await expect(card.getByTestId('journal-in-use')).toBeVisible();
  return card;
}

/** Chooses the office database and types its settings (only the fields given). */
async function typeOffice(
  page: Page,
  fields: Partial<Record<'host' | 'port' | 'database' | 'user' | 'password', string>>,
) {
  await page.getByRole('radio', { name: 'Office database' }).check();
  const labels = {
    host: 'Database server',
    port: 'Port',
    database: 'Database',
    user: 'Database user',
    password: 'Password',
  };
  for (const [field, value] of Object.entries(fields)) {
    await page.getByLabel(labels[field as keyof typeof labels], { exact: true }).fill(value);
  }
}

test('the card says this computer is in use; choosing the office database shows its fields', async ({ desk }) => {
  const { page } = desk;
  const card = await journalCard(desk);
  await expect(card.getByTestId('journal-in-use')).toContainText('In use now: this computer');
  await expect(card.getByTestId('journal-encryption')).toHaveText(/^Encrypted on disk/);
  await expect(card.getByRole('radio', { name: 'This computer' })).toBeChecked();
  await expect(card.getByLabel('Database server')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Test the journal connection' })).toHaveCount(0);

  // Keyboard only: from "This computer", the arrow key picks "Office database".
  await card.getByRole('radio', { name: 'This computer' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(card.getByRole('radio', { name: 'Office database' })).toBeChecked();
  for (const label of ['Database server', 'Port', 'Database', 'Database user', 'TLS', 'CA file', 'Password']) {
    await expect(card.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(card.getByLabel('Port')).toHaveValue('5432');
  await expect(card.getByLabel('TLS')).toHaveValue('verify-full');
  await expect(card.getByLabel('Password')).toHaveAttribute('placeholder', 'None stored: type it');
  await expect(card.getByLabel('TLS').locator('option')).toHaveText([/^verify-full/, /^off/]);
  await card.getByLabel('TLS').selectOption('off');
  await expect(card.getByLabel('CA file')).toHaveCount(0);
});

test('bad input is shown at the field, and nothing is saved', async ({ desk }) => {
  const { page } = desk;
  const card = await journalCard(desk);
  await typeOffice(page, { port: '70000' });
  await card.getByRole('button', { name: 'Save journal choice' }).click();
  await expect(page.locator('#j-host-error')).toHaveText('Enter the database server');
  await expect(card.getByLabel('Database server')).toBeFocused();
  await expect(card.getByLabel('Database server')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#j-port-error')).toHaveText('Enter a port from 1 to 65535');
  await expect(page.locator('#j-database-error')).toHaveText('Enter the database name');
  await expect(page.locator('#j-user-error')).toHaveText('Enter your database user');
  // No CA file: the server is checked against the CAs this computer trusts.
  await expect(page.locator('#j-caFile-error')).toHaveCount(0);

  await typeOffice(page, { host: 'db.office.example', port: '5432', database: 'feed_desk', user: 'clara' });
  await card.getByLabel('TLS').selectOption('off');
  await card.getByRole('button', { name: 'Test the journal connection' }).click();
  await expect(page.locator('#j-tls-error')).toHaveText('TLS can be off only for a database on this computer');
  await expect(card.getByLabel('TLS')).toBeFocused();
  for (const id of ['host', 'port', 'database', 'user']) await expect(page.locator(`#j-${id}-error`)).toHaveCount(0);

  await card.getByLabel('Database server').fill('localhost');
  await expect(page.locator('#j-tls-error')).toHaveCount(0);
  expect(readJournalSettings(desk.core.home)).toEqual({ kind: 'local' });
});

test('Test connection to a closed port on this computer says plainly that nothing answered', async ({ desk }) => {
  const { page } = desk;
  const port = await closedPort();
  const card = await journalCard(desk);
  await typeOffice(page, {
    host: '127.0.0.1',
    port: String(port),
    database: 'feed_desk',
    user: 'clara',
    password: PASSWORD,
  });
  await card.getByLabel('TLS').selectOption('off');
  await card.getByRole('button', { name: 'Test the journal connection' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    `Connection failed: The office journal at 127.0.0.1:${port}/feed_desk refused the connection: nothing was sent; check that its PostgreSQL server is running and that the host and port are right.`,
  );
  expect(readJournalSettings(desk.core.home)).toEqual({ kind: 'local' });
  for (const answer of desk.answers) expect(answer).not.toContain(PASSWORD);
});

test('Save writes the choice, keeps the password in the keychain only, and says a restart applies it', async ({
  desk,
}) => {
  test.skip(!process.env.DBUS_SESSION_BUS_ADDRESS, NEEDS_KEYCHAIN);
  const { page } = desk;
  const caFile = join(mkdtempSync(join(tmpdir(), 'feed-desk-ca-')), 'office-ca.pem');
  writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nnot checked until a connection\n-----END CERTIFICATE-----\n');
  const card = await journalCard(desk);
  await typeOffice(page, {
    host: 'db.office.example',
    port: '6543',
    database: 'feed_desk',
    user: 'clara',
    password: PASSWORD,
  });
  desk.toOpen.push(caFile);
  await card.getByRole('button', { name: 'Choose…' }).click();
  await expect(card.getByLabel('CA file')).toHaveValue(caFile);
  desk.confirmAnswers.push(true);
  await card.getByLabel('Password').press('Enter');
  await expect(card.getByRole('status')).toHaveText('Saved. Feed Desk uses the new journal after a restart.');
  // The move was confirmed in main's dialog, which named the server.
  expect(desk.asked.map((a) => a.message)).toEqual([
    'Use the office journal clara@db.office.example:6543/feed_desk from the next start?',
  ]);
  const office = {
    host: 'db.office.example',
    port: 6543,
    database: 'feed_desk',
    user: 'clara',
    tls: 'verify-full',
    caFile,
  } as const;
  expect(readJournalSettings(desk.core.home)).toEqual({ kind: 'office', office });
  expect(await desk.core.credentials.officePassword.read(officePasswordKey(office))).toBe(PASSWORD);

  await expect(card.getByLabel('Password')).toHaveValue('');
  await expect(card.getByLabel('Password')).toHaveAttribute('placeholder', 'Stored in the keychain (type to replace)');
  await expect(card.getByTestId('journal-pending')).toHaveText(
    'Saved for the next start: office database db.office.example:6543/feed_desk as clara. Restart Feed Desk to use it.',
  );
  await expect(card.getByTestId('journal-in-use')).toContainText('In use now: this computer');
  // Another user on the same server has no password stored.
  await card.getByLabel('Database user').fill('sam');
  await expect(card.getByLabel('Password')).toHaveAttribute('placeholder', 'None stored: type it');
  // The password is bound to the TLS settings too: another CA file (or none) has none stored.
  await card.getByLabel('Database user').fill('clara');
  await expect(card.getByLabel('Password')).toHaveAttribute('placeholder', 'Stored in the keychain (type to replace)');
  await card.getByRole('button', { name: 'Clear' }).click();
  await expect(card.getByLabel('Password')).toHaveAttribute('placeholder', 'None stored: type it');
  desk.toOpen.push(caFile);
  await card.getByRole('button', { name: 'Choose…' }).click();
  await page.screenshot({ path: 'test-results/screens/settings-journal-saved.png', fullPage: true });

  // Reopened, the card starts from the saved choice; the password is still never shown.
  await page.reload();
  await expect(card.getByRole('radio', { name: 'Office database' })).toBeChecked();
  await expect(card.getByLabel('Database server')).toHaveValue('db.office.example');
  await expect(card.getByLabel('Password')).toHaveValue('');
  await expect(card.getByLabel('Password')).toHaveAttribute('placeholder', 'Stored in the keychain (type to replace)');

  // Back to this computer: saved, and it is the journal in use, so no restart.
  await card.getByRole('radio', { name: 'This computer' }).check();
  desk.confirmAnswers.push(true);
  await card.getByRole('button', { name: 'Save journal choice' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved. This is the journal in use now.');
  await expect(card.getByTestId('journal-pending')).toHaveCount(0);
  expect(readJournalSettings(desk.core.home)).toEqual({ kind: 'local' });

  expect(desk.answers.length).toBeGreaterThan(3);
  for (const answer of desk.answers) expect(answer).not.toContain(PASSWORD);
  expect(await page.content()).not.toContain(PASSWORD);
  await desk.core.credentials.officePassword.delete(officePasswordKey(office));
});

test.describe('against a real PostgreSQL server', () => {
  const missing = postgresMissing();
  test.skip(missing !== undefined, `SKIPPED: ${missing ?? ''}`);
  test.describe.configure({ timeout: 90_000 });

  test('Test connection signs in and names the role; a wrong password is refused in plain words', async ({ desk }) => {
    const server = await startPostgres();
    try {
      await officeInit(server.ownerUrl);
      await addUser(server.ownerUrl, 'clara', 'clerk', PASSWORD);
      const { page } = desk;
      const card = await journalCard(desk);
      await typeOffice(page, {
        host: '127.0.0.1',
        port: String(server.port),
        database: 'feed_desk',
        user: 'clara',
        password: 'wrong',
      });
      await card.getByLabel('TLS').selectOption('off');
      await card.getByRole('button', { name: 'Test the journal connection' }).click();
      await expect(card.getByRole('alert')).toHaveText(
        `Connection failed: The office journal at 127.0.0.1:${server.port}/feed_desk refused the password of clara: check the user name and password, or ask the administrator to set a new one.`,
      );
      await card.getByLabel('Password').fill(PASSWORD);
      await card.getByRole('button', { name: 'Test the journal connection' }).click();
      await expect(card.getByRole('status')).toHaveText('Signed in to feed_desk on 127.0.0.1 as clara (clerk)');
      await expect(card.getByRole('alert')).toHaveCount(0);
      for (const answer of desk.answers) expect(answer).not.toContain(PASSWORD);
    } finally {
      await server.stop();
    }
  });
});

for (const size of SIZES.filter((s) => s.name === '1280x800' || s.name === '1024x768-zoom200')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the Journal card has no serious or critical accessibility violations', async ({ desk }) => {
      const { page } = desk;
      const card = await journalCard(desk);
      expect(await seriousViolations(page)).toEqual([]);
      await typeOffice(page, { host: 'db.office.example', port: '0' });
      await card.getByRole('button', { name: 'Test the journal connection' }).click();
      await expect(page.locator('#j-port-error')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await card.screenshot({ path: `test-results/screens/settings-journal-${size.name}.png` });
      await card.getByLabel('Database server').fill('127.0.0.1');
      await card.getByLabel('Database', { exact: true }).fill('feed_desk');
      await card.getByLabel('Database user').fill('clara');
      await card.getByLabel('Port').fill(String(await closedPort()));
      await card.getByLabel('TLS').selectOption('off');
      await card.getByRole('button', { name: 'Test the journal connection' }).click();
      await expect(card.getByRole('alert')).toContainText('refused the connection');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
