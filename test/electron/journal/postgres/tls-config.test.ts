// The TLS rules every office connection follows, at the settings node-postgres is handed
// (tls.test.ts shows them against a server that impersonates the office database).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientConfig } from '@main/journal/postgres/connection/connect';
import { officeFromUrl, officeOptions, officePasswordKey, readJournalSettings } from '@main/journal/open';
import { officeJournalSchema, isLoopbackHost, type OfficeJournal } from '@shared/journal/office';

const folder = () => mkdtempSync(join(tmpdir(), 'feed-desk-tls-config-'));

/** The server is checked: certificate chain and host name (nothing loosens node-postgres's own check). */
function expectVerified(ssl: unknown): void {
  expect(ssl).toMatchObject({ rejectUnauthorized: true });
  expect(ssl).not.toHaveProperty('checkServerIdentity');
  expect(ssl).not.toHaveProperty('servername');
  expect(ssl).not.toHaveProperty('host');
}

afterEach(() => vi.unstubAllEnvs());

describe('office connection settings: TLS is verify-full unless the database is on this computer', () => {
  it.each([
    ['a URL without sslmode', 'postgres://owner:pw@db.office.example:5432/feed_desk'],
    ['sslmode=require', 'postgres://owner:pw@db.office.example/feed_desk?sslmode=require'],
    ['sslmode=verify-full', 'postgresql://owner:pw@db.office.example/feed_desk?sslmode=verify-full'],
    ['an IP address', 'postgres://owner:pw@10.1.2.3/feed_desk'],
    ['a look-alike of localhost', 'postgres://owner:pw@localhost.example/feed_desk'],
    ['a look-alike of 127.0.0.1', 'postgres://owner:pw@127.0.0.1.nip.io/feed_desk'],
  ])('%s checks the server', (_what, url) => {
    const config = clientConfig({ url, password: 'pw' });
    expectVerified(config.ssl);
    expect(config).not.toHaveProperty('connectionString');
  });

  it('the owner commands’ {url, password} checks the server and keeps who and where', () => {
    const config = clientConfig({ url: 'postgres://feed_desk_owner@db.office.example:6543/feed_desk', password: 's' });
    expectVerified(config.ssl);
    expect(config).toMatchObject({
      host: 'db.office.example',
      port: 6543,
      user: 'feed_desk_owner',
      database: 'feed_desk',
      password: 's',
    });
  });

  it('settings without ssl, with ssl: true, or with a CA check the server; the CA file given is used alone', () => {
    expectVerified(clientConfig({ host: 'db.office.example', user: 'clara' }).ssl);
    expectVerified(clientConfig({ connection: { host: 'db.office.example', ssl: true } }).ssl);
    const ca = Buffer.from('the office CA');
    const config = clientConfig({ connection: { host: 'db.office.example', ssl: { ca } } });
    expectVerified(config.ssl);
    expect(config.ssl).toMatchObject({ ca });
  });

  it.each([
    ['sslmode=disable', 'postgres://u@db.office.example/feed_desk?sslmode=disable'],
    ['sslmode=prefer', 'postgres://u@db.office.example/feed_desk?sslmode=prefer'],
    ['sslmode=no-verify', 'postgres://u@db.office.example/feed_desk?sslmode=no-verify'],
    ['sslmode=verify-ca', 'postgres://u@db.office.example/feed_desk?sslmode=verify-ca'],
    ['ssl=no-verify', 'postgres://u@db.office.example/feed_desk?ssl=no-verify'],
    ['uselibpqcompat', 'postgres://u@db.office.example/feed_desk?sslmode=require&uselibpqcompat=true'],
    ['host=', 'postgres://u@db.office.example/feed_desk?host=evil.example'],
  ])('a URL with %s is refused before connecting', (_what, url) => {
    expect(() => clientConfig(url)).toThrow(/sslmode|not used by Feed Desk|TLS/);
  });

  it.each([
    ['ssl: false', { host: 'db.office.example', ssl: false }],
    ['rejectUnauthorized: false', { host: 'db.office.example', ssl: { rejectUnauthorized: false } }],
    ['a checkServerIdentity of its own', { host: 'db.office.example', ssl: { checkServerIdentity: () => undefined } }],
    ['another servername', { host: 'db.office.example', ssl: { servername: 'other.example' } }],
  ])('settings with %s are refused', (_what, connection) => {
    expect(() => clientConfig({ connection })).toThrow(/TLS|certificate/);
  });

  it('PGSSLMODE in the environment cannot turn the check off', () => {
    vi.stubEnv('PGSSLMODE', 'disable');
    expectVerified(clientConfig('postgres://u@db.office.example/feed_desk').ssl);
    vi.stubEnv('PGSSLMODE', 'no-verify');
    expectVerified(clientConfig({ host: 'db.office.example' }).ssl);
  });

  it.each(['127.0.0.1', '127.4.5.6', 'localhost', '[::1]'])(
    'on %s TLS is off by default, and can be asked for',
    (host) => {
      expect(clientConfig(`postgres://u:p@${host}:5432/feed_desk`).ssl).toBe(false);
      expect(clientConfig(`postgres://u:p@${host}:5432/feed_desk?sslmode=disable`).ssl).toBe(false);
      expectVerified(clientConfig(`postgres://u:p@${host}:5432/feed_desk?sslmode=verify-full`).ssl);
    },
  );

  it('loopback is 127.0.0.0/8, ::1 and localhost only', () => {
    for (const host of ['127.0.0.1', '127.255.255.254', 'LOCALHOST', '::1', '[::1]']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of [
      '127.0.0.256',
      '128.0.0.1',
      '0.0.0.0',
      'localhost.example',
      '127.0.0.1.nip.io',
      '::ffff:10.0.0.1',
    ]) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});

describe('office settings: verify-full by default, require is gone', () => {
  const office = (extra: Partial<OfficeJournal>) =>
    officeJournalSchema.parse({ host: 'db.office.example', database: 'feed_desk', user: 'clara', ...extra });

  it('a journal URL without sslmode, or with require, is verify-full; on this computer it is off', () => {
    expect(officeFromUrl('postgres://clara@db.office.example/feed_desk').tls).toBe('verify-full');
    expect(officeFromUrl('postgres://clara@db.office.example/feed_desk?sslmode=require').tls).toBe('verify-full');
    expect(officeFromUrl('postgres://clara@127.0.0.1/feed_desk').tls).toBe('off');
    expect(() => officeFromUrl('postgres://clara@db.office.example/feed_desk?sslmode=disable')).toThrow(/TLS/);
  });

  it('verify-full needs no CA file (the trusted CAs are used); require is not a setting', () => {
    const settings = office({ tls: 'verify-full' });
    expectVerified(clientConfig(officeOptions(settings, 'pw')).ssl);
    expect(officeJournalSchema.safeParse({ ...settings, tls: 'require' }).success).toBe(false);
  });

  it('a journal.json saved with require now checks the server', () => {
    const home = folder();
    const saved = { host: 'db.office.example', port: 5432, database: 'feed_desk', user: 'clara', tls: 'require' };
    writeFileSync(join(home, 'journal.json'), JSON.stringify({ kind: 'office', office: saved }));
    expect(readJournalSettings(home)).toEqual({ kind: 'office', office: { ...saved, tls: 'verify-full' } });
  });

  it('the keychain item is bound to the server and its TLS: mode, CA file and the CA itself', () => {
    const dir = folder();
    const ca = join(dir, 'ca.pem');
    const other = join(dir, 'other.pem');
    writeFileSync(ca, 'office CA');
    writeFileSync(other, 'another CA');
    const strong = office({ host: '127.0.0.1', tls: 'verify-full', caFile: ca });
    const key = officePasswordKey(strong);
    expect(officePasswordKey({ ...strong })).toBe(key);
    const others = [
      { ...strong, caFile: other },
      { ...strong, caFile: undefined },
      { ...strong, tls: 'off' as const, caFile: undefined },
      { ...strong, port: 5433 },
      { ...strong, user: 'sam' },
      { ...strong, database: 'other' },
      { ...strong, host: 'localhost' },
    ];
    for (const weaker of others) expect(officePasswordKey(weaker)).not.toBe(key);
    writeFileSync(ca, 'a CA put in its place');
    expect(officePasswordKey(strong)).not.toBe(key);
  });
});
