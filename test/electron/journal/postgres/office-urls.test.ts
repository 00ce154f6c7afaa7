// Office journal URLs as libpq and PostgreSQL HA guides write them: several servers tried in
// order, target_session_attrs, and parameters Feed Desk does not use refused in plain words. No
// startup options are sent (a pooler such as PgBouncer refuses them): settings are made once connected.
import { describe, expect, it } from 'vitest';
import { clientConfig, officeTargets } from '@main/journal/postgres/connection/connect';
import { officeFromUrl, officeOptions } from '@main/journal/open';
import { officeKey } from '@shared/journal/office';

describe('office journal URLs', () => {
  it('a URL with two servers gives one target per server, in order, with the same user, database and TLS rules', () => {
    const targets = officeTargets(
      'postgres://clara@db1.office.example:5432,db2.office.example:6543/feed_desk?target_session_attrs=read-write',
    );
    expect(targets.map((t) => [t.host, t.port, t.user, t.database])).toEqual([
      ['db1.office.example', 5432, 'clara', 'feed_desk'],
      ['db2.office.example', 6543, 'clara', 'feed_desk'],
    ]);
    for (const t of targets) expect(t.ssl).toMatchObject({ rejectUnauthorized: true });
  });

  it('no startup options are sent (PgBouncer refuses them)', () => {
    expect(clientConfig('postgres://clara@127.0.0.1:5432/feed_desk')).not.toHaveProperty('options');
  });

  it('target_session_attrs=read-write (or primary) is accepted on one server too; one that allows a standby is refused', () => {
    expect(clientConfig('postgres://u@127.0.0.1/feed_desk?target_session_attrs=read-write').host).toBe('127.0.0.1');
    expect(clientConfig('postgres://u@127.0.0.1/feed_desk?target_session_attrs=primary').host).toBe('127.0.0.1');
    expect(() => clientConfig('postgres://u@127.0.0.1/feed_desk?target_session_attrs=prefer-standby')).toThrow(
      'target_session_attrs=prefer-standby cannot be used: Feed Desk writes to the journal, so it connects only to the primary (read-write)',
    );
  });

  it('an unknown parameter is refused in plain words, never dropped, in a desk’s journal URL too', () => {
    const url = 'postgres://u@db1.office.example,db2.office.example/feed_desk?connect_timeout=5';
    const words =
      'The URL parameter connect_timeout is not used by Feed Desk: only sslmode, sslrootcert and target_session_attrs';
    expect(() => clientConfig(url)).toThrow(words);
    expect(() => officeFromUrl(url)).toThrow(words);
  });

  it('a desk’s settings keep every server; its password is bound to all of them', () => {
    const office = officeFromUrl(
      'postgres://clara@127.0.0.1:5432,127.0.0.1:5433/feed_desk?target_session_attrs=read-write',
    );
    expect(office).toMatchObject({ host: '127.0.0.1', port: 5432, servers: [{ host: '127.0.0.1', port: 5433 }] });
    expect(officeKey(office)).toBe('clara@127.0.0.1:5432,127.0.0.1:5433/feed_desk tls=off');
    expect(officeTargets(officeOptions(office, 'pw')).map((t) => t.port)).toEqual([5432, 5433]);
  });

  it('TLS off only when every server is on this computer', () => {
    expect(() =>
      officeFromUrl('postgres://clara@127.0.0.1:5432,db2.office.example:5432/feed_desk?sslmode=disable'),
    ).toThrow(/TLS can be off only for a database on this computer/);
  });
});
