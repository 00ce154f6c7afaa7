import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openCore, type Core } from '@main/core/core';
import { createCredentialStore } from '@main/credentials/keychain';
import { officePasswordKey } from '@main/journal/open';
import { MIGRATIONS } from '@main/journal/sqlite/migrations';
import { buildDiagnostics, writeDiagnostics } from '@main/support/diagnostics';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { SANDBOX_PROFILE } from '@shared/profile/schema';
import { memoryKeytar } from '@test/support/memory-keytar';
import { tempHome } from '@test/support/core';
import { sampleInput } from '@test/support/service';

/** A customer no other test keys: any of these in a diagnostics file is a leak. */
const SENTINEL = {
  surname: 'Quillfeatherby',
  address1: '17 Marrowgate Close',
  town: 'Wexcombe Parva',
  postcode: 'ZE9 7QX',
  email: 'q.sentinel@quill.example',
  telephone: '07700 900 417',
};
/** Import headings as remembered from a file whose first row was a customer (lower-cased, no punctuation). */
const HEADLESS = { surname: 'vantreslingham', postcode: 'yo629zq' };
const LIVE = { clientId: 'live-client-7f3a9c', clientSecret: 'Live-Secret-d81e5b20' };
const OFFICE_PASSWORD = 'office-pw-5c7e19aa';
const OFFICE = {
  host: 'db.office.test',
  port: 5432,
  database: 'feed_desk',
  user: 'clara',
  tls: 'verify-full' as const,
};

/** Waits for a row to reach a state (the outbox sends it meanwhile). */
const ended = (core: Core, id: number, state: string) =>
  vi.waitFor(async () => expect((await core.journal.get(id))?.state).toBe(state), { timeout: 10_000 });

/** Every way a value may be written in a JSON file: as it is, lower-cased, JSON-escaped. */
const forms = (value: string) => [value, value.toLowerCase(), JSON.stringify(value).slice(1, -1)];

describe('diagnostics for support', () => {
  let sandbox: Sandbox;
  let core: Core;
  let home: string;
  beforeAll(async () => {
    sandbox = await startSandbox();
    home = tempHome();
    const keytar = memoryKeytar();
    core = await openCore({
      home,
      credentials: createCredentialStore(() => keytar),
      sandboxUrl: () => sandbox.url,
      retry: { baseMs: 20, capMs: 100, maxAttempts: 2 },
    });
    core.outbox.start();
    // A second profile whose client id and secret are in the keychain, and an office password
    // saved for the office journal this desk has chosen (from its next start).
    // Its remembered import columns came from a file without a heading row: the first customer's values.
    const live = core.profiles.put({
      name: 'Live',
      baseUrl: 'https://feed.example.test/api',
      importColumns: { [HEADLESS.surname]: 'surname', [HEADLESS.postcode]: 'postcode' },
    });
    await core.credentials.save(live, LIVE);
    writeFileSync(join(home, 'journal.json'), JSON.stringify({ kind: 'office', office: OFFICE }));
    await core.credentials.officePassword.save(officePasswordKey(OFFICE), OFFICE_PASSWORD);

    // Accepted, then refused by a service that quotes the whole request back (every personal
    // field, and a description into which someone pasted the secret and the office password).
    const profile = SANDBOX_PROFILE;
    const accepted = await core.pipeline.submit({
      kind: 'entry',
      profile,
      input: sampleInput({ ...SENTINEL, reference: 'DIAG-1' }),
    });
    if (!accepted.ok) throw new Error('the first entry was not queued');
    await ended(core, accepted.row.id, 'accepted');
    sandbox.faults.add({ target: 'entry', fault: { kind: 'echo' } });
    const refused = await core.pipeline.submit({
      kind: 'entry',
      profile,
      input: sampleInput({
        ...SENTINEL,
        reference: 'DIAG-2',
        description: `see ${LIVE.clientSecret} ${OFFICE_PASSWORD} ${LIVE.clientId}`,
      }),
    });
    if (!refused.ok) throw new Error('the second entry was not queued');
    await ended(core, refused.row.id, 'rejected');
    // The journal itself keeps what the service said: the test below is about what leaves the desk.
    expect((await core.journal.get(refused.row.id))?.message).toContain(SENTINEL.surname);
    await core.journal.drafts.save('new-entry', profile, { surname: SENTINEL.surname, email: SENTINEL.email });
  });
  afterAll(async () => {
    await core?.close();
    await sandbox?.close();
  });

  it('hold versions, profiles, the journal, counts and failures with their codes', async () => {
    const diagnostics = await buildDiagnostics(core, { name: 'Feed Desk', version: '9.8.7' });
    expect(diagnostics.app).toMatchObject({ name: 'Feed Desk', version: '9.8.7', node: process.versions.node });
    expect(diagnostics.os.platform).toBe(process.platform);
    expect(diagnostics.profiles.map((p) => [p.name, p.credentialsStored])).toEqual(
      expect.arrayContaining([['Live', true]]),
    );
    expect(diagnostics.journal).toMatchObject({ kind: 'local', schemaVersion: MIGRATIONS.length, encrypted: true });
    expect(diagnostics.countsByState).toMatchObject({ accepted: 1, rejected: 1 });
    const [failure] = diagnostics.errors;
    expect(failure).toMatchObject({ state: 'rejected', code: 'rejected', httpStatus: 400 });
    // The service's own words may quote the customer in any form: they stay in the journal.
    expect(failure).not.toHaveProperty('message');
    expect(diagnostics.profiles.find((p) => p.name === 'Live')).toMatchObject({ rememberedImportColumns: 2 });
  });

  it('contain no byte of the customer, the profile secret or the office password', async () => {
    const path = join(tempHome(), 'diagnostics.json');
    writeDiagnostics(path, await buildDiagnostics(core, { name: 'Feed Desk', version: '9.8.7' }));
    const text = readFileSync(path, 'utf8');
    expect(text.length).toBeGreaterThan(500);
    const journalKey = (await core.credentials.journalKey.read())!;
    expect(journalKey).toHaveLength(32);
    for (const value of [
      ...Object.values(SENTINEL),
      ...Object.values(HEADLESS),
      ...Object.values(LIVE),
      OFFICE_PASSWORD,
      ...['hex', 'base64'].map((encoding) => journalKey.toString(encoding as BufferEncoding)),
    ]) {
      for (const form of forms(value)) expect(text, `${form} leaked`).not.toContain(form);
    }
    // The telephone number without its spaces, as a service might quote it.
    expect(text).not.toContain(SENTINEL.telephone.replace(/\s/g, ''));
  });
});
