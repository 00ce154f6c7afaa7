// Issue 32: a returning customer is keyed once (WCAG 2.2, 3.3.7 Redundant Entry). Surname and
// Postcode that match an entry in this profile's journal offer that customer's details; Alt+F
// takes them; nothing is filled unasked.
import { expect, test, type Desk } from './support/harness';
import { sampleInput } from '../support/service';
import { seriousViolations } from './support/journal-seed';
import { SIZES } from './support/zoom';

const ODUYA = {
  title: 'Mrs',
  initials: 'J K',
  surname: 'Oduya',
  address1: '12 King Street',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 4AP',
  email: 'j.oduya@example.com',
  telephone: '0113 496 0000',
};

/** Journals Mrs Oduya's first entry (accepted) and answers with its journal id. */
async function keyedBefore(desk: Desk): Promise<number> {
  const result = await desk.core.pipeline.submit({
    kind: 'entry',
    profile: 'Sandbox',
    input: sampleInput({ reference: 'FIRST-1', ...ODUYA }),
  });
  if (!result.ok) throw new Error('not queued');
  await desk.core.pipeline.send(result.row.id);
  return result.row.id;
}

test('Surname and Postcode of a customer in the journal offer their details; Alt+F fills them', async ({ desk }) => {
  const { page } = desk;
  const id = await keyedBefore(desk);
  await desk.open();
  await page.locator('#field-surname').fill('oduya');
  await page.locator('#field-postcode').click();
  await page.keyboard.type('ls1 4ap');
  const offer = page.getByRole('button', { name: `Fill from #${id} — Mrs J K Oduya, 12 King Street` });
  await expect(offer).toBeVisible();
  await expect(offer).toHaveAttribute('aria-keyshortcuts', 'Alt+F');
  // Offered, not filled.
  for (const field of ['title', 'initials', 'address1', 'town', 'email', 'telephone']) {
    await expect(page.locator(`#field-${field}`)).toHaveValue('');
  }
  await page.keyboard.press('Alt+F');
  await expect(page.locator('#field-title')).toHaveValue('Mrs');
  await expect(page.locator('#field-initials')).toHaveValue('J K');
  await expect(page.locator('#field-address1')).toHaveValue('12 King Street');
  await expect(page.locator('#field-town')).toHaveValue('Leeds');
  await expect(page.locator('#field-county')).toHaveValue('West Yorkshire');
  await expect(page.locator('#field-email')).toHaveValue('j.oduya@example.com');
  await expect(page.locator('#field-telephone')).toHaveValue('0113 496 0000');
  // What the clerk typed stays as typed; the caret stays where it was; Tab goes on to E-mail.
  await expect(page.locator('#field-surname')).toHaveValue('oduya');
  await expect(page.locator('#field-postcode')).toBeFocused();
  await expect(page.getByTestId('customer-suggestion')).toContainText(`Filled from #${id}`);
  await page.keyboard.press('Tab');
  await expect(page.locator('#field-email')).toBeFocused();
});

test('no offer for another surname, another profile, or before Alt+F is pressed', async ({ desk }) => {
  const { page } = desk;
  const payload = { reference: 'ELSEWHERE-1', policy: 'FURN-PLUS', ...ODUYA };
  const elsewhere = { kind: 'entry' as const, profile: 'Other', operator: 'x', payload, payloadHash: 'h-other' };
  expect((await desk.core.journal.queue(elsewhere, true)).row).toBeDefined();
  await desk.open();
  await page.locator('#field-surname').fill('Oduya');
  await page.locator('#field-postcode').fill('LS1 4AP');
  // The journal was asked and had no customer in this profile.
  await expect.poll(() => desk.answers.filter((a) => a.includes('"customer":null')).length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /Fill from/ })).toHaveCount(0);
  await page.keyboard.press('Alt+F');
  await expect(page.locator('#field-address1')).toHaveValue('');
});

for (const size of SIZES.filter((s) => s.name !== '1920x1080')) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the offer and the filled note read whole under Postcode, with no serious accessibility violation', async ({
      desk,
    }) => {
      const { page } = desk;
      const id = await keyedBefore(desk);
      await desk.open();
      await page.locator('#field-surname').fill('Oduya');
      await page.locator('#field-postcode').fill('LS1 4AP');
      const offer = page.getByRole('button', { name: `Fill from #${id} — Mrs J K Oduya, 12 King Street` });
      await offer.scrollIntoViewIfNeeded();
      await expect(offer).toBeInViewport({ ratio: 1 });
      // Directly under the Postcode field.
      const postcode = (await page.locator('#field-postcode').boundingBox())!;
      const line = (await offer.boundingBox())!;
      expect(line.y).toBeGreaterThan(postcode.y + postcode.height);
      expect(line.y - (postcode.y + postcode.height)).toBeLessThan(60);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screens/returning-customer-offer-${size.name}.png` });
      await offer.click();
      await expect(page.locator('#field-address1')).toHaveValue('12 King Street');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screens/returning-customer-filled-${size.name}.png` });
    });
  });
}
