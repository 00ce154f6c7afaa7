import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import { startFakePostgres, type FakePostgres } from '@test/support/fake-postgres';
import { makeTestCertificates, type ServerCertificate, type TestCertificates } from '@test/support/test-certificates';
import { PEOPLE, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

// FEED_DESK_JOURNAL_LISTEN_URL names where a desk listens for changes. The journal's stored password
// (from the keychain) goes there only when it names the journal's own user on the journal's own host.
describeOfficeOnly('office journal: the listen address and the stored password', () => {
  let office: Office;
  let fake: FakePostgres;
  let certs: TestCertificates;

  beforeAll(async () => {
    office = await startOffice();
    fake = await startFakePostgres();
    certs = makeTestCertificates();
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await office?.stop();
  });

  /** Opens clara's desk with her stored password and a listen address; the fake server collects what it is sent. */
  async function openWith(listenUrl: string, presented?: ServerCertificate) {
    fake.present(presented);
    fake.connections.length = 0;
    const url = office.server.url(PEOPLE.clerk.user);
    const store = await createPostgresStore({ url, password: PEOPLE.clerk.password, listenUrl }).catch(() => undefined);
    await store?.close();
    return fake.passwords();
  }

  it('another host, or another user, is never sent the stored password', async () => {
    const saved = process.env.PGPASSWORD;
    delete process.env.PGPASSWORD;
    try {
      // Asked for a password, the desk has none to give there (no PGPASSWORD): never the stored one.
      expect(await openWith(`postgres://clara@localhost:${fake.port}/feed_desk`)).toEqual(['']);
      expect(await openWith(`postgres://mallory@127.0.0.1:${fake.port}/feed_desk`)).toEqual(['']);
      // The same user and host, but trusting another CA (the keychain's password is bound to the TLS
      // settings it was saved with): a server that CA vouches for asks, and gets nothing stored.
      const otherCa = `sslmode=verify-full&sslrootcert=${encodeURIComponent(certs.otherCaFile)}`;
      expect(await openWith(`postgres://clara@127.0.0.1:${fake.port}/feed_desk?${otherCa}`, certs.other)).toEqual(['']);
      // The journal's own user on the journal's own host (a database behind a pooler): the password goes.
      expect(await openWith(`postgres://clara@127.0.0.1:${fake.port}/feed_desk`)).toEqual([PEOPLE.clerk.password]);
    } finally {
      if (saved !== undefined) process.env.PGPASSWORD = saved;
    }
  });
});
