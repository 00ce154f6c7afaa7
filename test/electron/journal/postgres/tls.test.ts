// A man in the middle answering for the office database: a server on 127.0.0.1 that asks for the
// password in clear text. Connections to db.office.example are routed to it (as a forged DNS
// answer would), so the host name is the one a certificate must be issued for.
import { mkdtempSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { officeFromUrl, officeOptions } from '@main/journal/open';
import type { OfficeConnectOptions } from '@main/journal/postgres/connection/connect';
import { importLocal } from '@main/journal/import-local';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import { officeJournalSchema, type OfficeJournal } from '@shared/journal/office';
import { startFakePostgres, type FakePostgres } from '@test/support/fake-postgres';
import { makeTestCertificates, type TestCertificates } from '@test/support/test-certificates';

const OWNER_URL = 'postgres://feed_desk_owner@db.office.example:5432/feed_desk';
const SECRET = 'owner-password-7c1f';

let certs: TestCertificates;
let fake: FakePostgres;
beforeAll(async () => {
  certs = makeTestCertificates();
  fake = await startFakePostgres();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.connections.length = 0;
});

/** A socket that reaches the fake server whatever host and port it is told (a forged DNS answer). */
const routedToFake = () => () => {
  const socket = new Socket();
  const connect = socket.connect.bind(socket);
  socket.connect = ((..._ignored: unknown[]) => connect(fake.port, '127.0.0.1')) as typeof socket.connect;
  return socket;
};

/** Owner options for a URL, routed to the fake server. */
const owner = (url: string): OfficeConnectOptions => ({
  url,
  password: SECRET,
  connection: { stream: routedToFake() },
});

/** The office commands (setup, adding people, imports) as the owner, by the URL given. */
const OWNER_COMMANDS: Array<[string, (url: string) => Promise<unknown>]> = [
  ['office init', (url) => officeInit(owner(url))],
  [
    'office add-user',
    (url) => addUser({ connectionString: url, password: SECRET, stream: routedToFake() }, 'x', 'clerk'),
  ],
  [
    'office import-local',
    (url) => importLocal(join(mkdtempSync(join(tmpdir(), 'feed-desk-tls-')), 'journal.sqlite3'), owner(url)),
  ],
];

/** A desk's office settings, opened as the journal store, routed to the fake server. */
function openDesk(office: OfficeJournal, password = SECRET) {
  const options = officeOptions(office, password);
  return createPostgresStore({ ...options, connection: { ...options.connection, stream: routedToFake() } });
}

const desk = (extra: Partial<OfficeJournal>) =>
  officeJournalSchema.parse({ host: 'db.office.example', database: 'feed_desk', user: 'clara', ...extra });

describe('the office password never reaches a server whose certificate is not checked', () => {
  for (const [command, run] of OWNER_COMMANDS) {
    it(`${command} with a URL without sslmode asks for TLS and refuses a self-signed server before the password`, async () => {
      fake.present(certs.selfSigned);
      await expect(run(OWNER_URL)).rejects.toThrow(/certificate/i);
      expect(fake.connections).toEqual([expect.objectContaining({ askedTls: true, tls: false })]);
      expect(fake.passwords()).toEqual([]);
    });

    it(`${command} does not fall back to plain TCP when the server says it has no TLS`, async () => {
      fake.present(undefined);
      await expect(run(OWNER_URL)).rejects.toThrow(/does not offer TLS; Feed Desk requires it/);
      expect(fake.passwords()).toEqual([]);
    });
  }

  it('office init with sslmode=require checks the server too', async () => {
    fake.present(certs.selfSigned);
    await expect(officeInit(owner(`${OWNER_URL}?sslmode=require`))).rejects.toThrow(/certificate/i);
    expect(fake.passwords()).toEqual([]);
  });

  it('office init with the office CA (sslrootcert) sends the password only to the server that CA signed', async () => {
    fake.present(certs.other);
    await expect(officeInit(owner(`${OWNER_URL}?sslrootcert=${certs.caFile}`))).rejects.toThrow(/certificate/i);
    expect(fake.passwords()).toEqual([]);
    fake.present(certs.office);
    await expect(officeInit(owner(`${OWNER_URL}?sslrootcert=${certs.caFile}`))).rejects.toThrow(/password/);
    expect(fake.connections.at(-1)).toMatchObject({ tls: true, password: SECRET });
  });

  it('a desk URL with sslmode=require (a journal URL or office connect) refuses a self-signed server', async () => {
    fake.present(certs.selfSigned);
    const office = officeFromUrl('postgres://clara@db.office.example/feed_desk?sslmode=require');
    await expect(openDesk(office)).rejects.toThrow(/certificate/i);
    expect(fake.passwords()).toEqual([]);
  });

  it('desk settings verify-full without a CA file check against the trusted CAs', async () => {
    fake.present(certs.selfSigned);
    await expect(openDesk(desk({ tls: 'verify-full' }))).rejects.toThrow(/certificate/i);
    fake.present(certs.office);
    await expect(openDesk(desk({ tls: 'verify-full' }))).rejects.toThrow(/certificate/i);
    expect(fake.passwords()).toEqual([]);
  });

  it('desk settings verify-full with the CA file: another CA’s server is refused, the office’s gets the password', async () => {
    const office = desk({ tls: 'verify-full', caFile: certs.caFile });
    for (const impostor of [certs.selfSigned, certs.other]) {
      fake.present(impostor);
      await expect(openDesk(office)).rejects.toThrow(/certificate/i);
    }
    expect(fake.passwords()).toEqual([]);
    fake.present(certs.office);
    await expect(openDesk(office)).rejects.toThrow(/refused the password of clara/);
    expect(fake.connections.at(-1)).toMatchObject({ askedTls: true, tls: true, user: 'clara', password: SECRET });
  });

  it('the host name is checked: a certificate of the office CA for another name is refused', async () => {
    fake.present(certs.office);
    const elsewhere = desk({ host: 'files.office.example', tls: 'verify-full', caFile: certs.caFile });
    await expect(openDesk(elsewhere)).rejects.toThrow(/made out to another server name/);
    expect(fake.passwords()).toEqual([]);
  });

  it('on 127.0.0.1 TLS is off by default (this computer) and verify-full when chosen', async () => {
    fake.present(certs.selfSigned);
    const loopback = `postgres://clara:${SECRET}@127.0.0.1:${fake.port}/feed_desk`;
    await expect(createPostgresStore(loopback)).rejects.toThrow(/refused the password of clara/);
    expect(fake.connections.at(-1)).toMatchObject({ askedTls: false, password: SECRET });
    const config: pg.ClientConfig = { host: '127.0.0.1', port: fake.port, user: 'clara', database: 'feed_desk' };
    await expect(createPostgresStore({ connection: { ...config, ssl: true }, password: 'x' })).rejects.toThrow(
      /certificate/i,
    );
    expect(fake.passwords()).toEqual([SECRET]);
  });
});
