// Issue 18, part 4: the Journal's "Pause sending" and "Send now" (Alt+P, Alt+S) act on the profile
// named in the bar that shows the keys: the filtered profile, else the one in use; never whichever
// profile happens to be listed first.
import { expect, test, type Desk } from './support/harness';

/** Queues one entry for a profile (the harness runs no outbox: it stays queued). */
async function queueFor(desk: Desk, profile: string, reference: string) {
  const input = { account_code: 'ACME01', reference, policy: 'P-1', surname: 'Queue', postcode: 'M1 1AE' };
  expect((await desk.core.pipeline.submit({ kind: 'entry', input, profile })).ok).toBe(true);
}

test('Two profiles, the second in use: Alt+P pauses the second, Alt+S sends the second', async ({ desk }) => {
  const { page } = desk;
  desk.core.profiles.put({ name: 'Northwind', baseUrl: 'https://feed.example.com' });
  expect(desk.core.profiles.active().name).toBe('Sandbox'); // listed after Northwind, and in use
  await queueFor(desk, 'Northwind', 'NW-1');
  await queueFor(desk, 'Sandbox', 'SB-1');

  await desk.open('#/journal');
  await expect(page.getByTestId('active-profile')).toHaveText('Sandbox');
  const sandbox = page.getByRole('group', { name: 'Sending for Sandbox' });
  const northwind = page.getByRole('group', { name: 'Sending for Northwind' });
  await expect(northwind).toContainText('Northwind: sending');
  await expect(sandbox.getByRole('button', { name: /Pause sending/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+P');
  await expect(northwind.locator('[aria-keyshortcuts]')).toHaveCount(0);

  await page.keyboard.press('Alt+P');
  await expect(sandbox).toContainText('Sandbox: sending paused');
  await expect(page.getByText('Sending paused for Sandbox.')).toBeVisible();
  await expect(northwind).toContainText('Northwind: sending');
  expect(await desk.core.journal.paused()).toEqual(['Sandbox']);

  await page.keyboard.press('Alt+S');
  await expect(page.getByText(/of Sandbox (will be sent now|were waiting)/)).toBeVisible();
  expect(await desk.core.journal.paused()).toEqual([]); // send now resumes the profile it names
  await expect(sandbox).toContainText('Sandbox: sending');
});

test('filtered to one profile, Alt+P acts on that profile, named in its bar', async ({ desk }) => {
  const { page } = desk;
  desk.core.profiles.put({ name: 'Northwind', baseUrl: 'https://feed.example.com' });
  await queueFor(desk, 'Northwind', 'NW-2');
  await desk.open('#/journal?profile=Northwind');
  const northwind = page.getByRole('group', { name: 'Sending for Northwind' });
  await expect(northwind.getByRole('button', { name: /Pause sending/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+P');
  await expect(page.getByRole('group', { name: 'Sending for Sandbox' })).toHaveCount(0);
  await page.keyboard.press('Alt+P');
  await expect(northwind).toContainText('Northwind: sending paused');
  expect(await desk.core.journal.paused()).toEqual(['Northwind']);
});
