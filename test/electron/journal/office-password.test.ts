// The office password is bound to the server and its TLS settings: a page (however compromised)
// that asks journal:testOffice or journal:configure for weaker TLS on the same server is asked
// for the password; the stored one is not sent. A fake server on 127.0.0.1 collects passwords.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCore, type Core } from '@main/core/core';
import { createCredentialStore, type CredentialStore } from '@main/credentials/keychain';
import { createDispatch, type Dispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { openJournalStore } from '@main/journal/open';
import type { OfficeJournal } from '@shared/journal/office';
import { tempHome } from '@test/support/core';
import { testDesktop } from '@test/support/desktop';
import { startFakePostgres, type FakePostgres } from '@test/support/fake-postgres';
import { memoryKeytar } from '@test/support/memory-keytar';
import { makeTestCertificates, type TestCertificates } from '@test/support/test-certificates';

const SECRET = 'clara-office-password-91b3';

let certs: TestCertificates;
let fake: FakePostgres;
let home: string;
let credentials: CredentialStore;
let core: Core;
let dispatch: Dispatch;
/** The settings the password was saved for: the office CA checks the server on 127.0.0.1. */
let strong: OfficeJournal;

beforeAll(async () => {
  certs = makeTestCertificates();
  fake = await startFakePostgres(certs.office);
  home = tempHome('feed-desk-office-password-');
  credentials = createCredentialStore(() => memoryKeytar(), home);
  core = await openCore({ home, credentials, sandboxUrl: () => undefined });
  // The person confirms each change of where the journal lives (main's native dialog).
  const shell = testDesktop();
  shell.answers.push(...Array<boolean>(10).fill(true));
  dispatch = createDispatch(createHandlers(core, shell.desktop));
  strong = {
    host: '127.0.0.1',
    port: fake.port,
    database: 'feed_desk',
    user: 'clara',
    tls: 'verify-full',
    caFile: certs.caFile,
  };
  const saved = await dispatch('journal:configure', { settings: { kind: 'office', office: strong }, password: SECRET });
  expect(saved).toMatchObject({ ok: true });
});
afterAll(async () => {
  await core?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.connections.length = 0;
  fake.present(certs.office);
});

/** The answer of journal:testOffice for these settings, with no password typed. */
const testOffice = (office: Record<string, unknown>) => dispatch('journal:testOffice', { office });

const ASKS_FOR_PASSWORD = {
  ok: false,
  error: { code: 'auth', message: expect.stringMatching(/^Type the password of clara: none is stored for/) },
};

describe('a stored office password is used only with the TLS settings it was saved for', () => {
  it('the same settings use it (over TLS, the server checked against the CA file)', async () => {
    expect(await dispatch('journal:location', {})).toMatchObject({ ok: true, data: { hasPassword: true } });
    expect(await testOffice(strong)).toMatchObject({ ok: false, error: { code: 'auth' } });
    expect(fake.connections).toEqual([{ askedTls: true, tls: true, user: 'clara', password: SECRET }]);
  });

  it('journal:testOffice with TLS off for the same server asks for the password and sends none', async () => {
    expect(await testOffice({ ...strong, tls: 'off', caFile: undefined })).toMatchObject(ASKS_FOR_PASSWORD);
    expect(fake.connections).toEqual([{ askedTls: false, tls: false, user: 'clara' }]);
  });

  it('journal:testOffice with another CA file (one that trusts the impostor) asks for the password', async () => {
    fake.present(certs.other);
    expect(await testOffice({ ...strong, caFile: certs.otherCaFile })).toMatchObject(ASKS_FOR_PASSWORD);
    expect(fake.connections).toEqual([{ askedTls: true, tls: true, user: 'clara' }]);
  });

  it('journal:testOffice with tls "require" is refused before anything is sent', async () => {
    fake.present(certs.selfSigned);
    expect(await testOffice({ ...strong, tls: 'require' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(fake.connections).toEqual([]);
  });

  it('a password typed for the weaker settings is the one sent', async () => {
    const answer = await dispatch('journal:testOffice', { office: { ...strong, tls: 'off' }, password: 'typed-now' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'auth' } });
    expect(fake.passwords()).toEqual(['typed-now']);
  });

  it('journal:configure with TLS off for the same server: no password stored, and the next start sends none', async () => {
    const weak = { ...strong, tls: 'off', caFile: undefined };
    expect(await dispatch('journal:configure', { settings: { kind: 'office', office: weak } })).toMatchObject({
      ok: true,
    });
    expect(await dispatch('journal:location', {})).toMatchObject({ ok: true, data: { hasPassword: false } });
    await expect(openJournalStore({ home, credentials, env: {} }, 'clara')).rejects.toThrow(
      /No password is stored for clara@127\.0\.0\.1:\d+\/feed_desk with these TLS settings/,
    );
    expect(fake.connections).toEqual([{ askedTls: false, tls: false, user: 'clara' }]);

    // Back to the settings it was saved for: it is there again.
    await dispatch('journal:configure', { settings: { kind: 'office', office: strong } });
    expect(await dispatch('journal:location', {})).toMatchObject({ ok: true, data: { hasPassword: true } });
  });
});
