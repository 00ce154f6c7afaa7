// A page running an attacker's script must not copy the desk journal to a server it names:
// office:setup with the attacker's server and account opens no owner session, owner actions act
// only on the office journal this desk has saved, and a bulk copy is confirmed in a native dialog
// naming the server and the number of rows. The attacker's server is a real PostgreSQL (setup
// succeeds there) behind a loopback forwarder that counts every connection.
import { createConnection, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import pg from 'pg';
import { createDispatch, type Dispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { readJournalSettings } from '@main/journal/open';
import { officeInit } from '@main/journal/office/office-init';
import type { OfficeJournal } from '@shared/journal/office';
import { startCoreRig, type CoreRig } from '@test/support/core';
import { testDesktop } from '@test/support/desktop';
import { OWNER, startPostgres, type TestPostgres } from '@test/support/postgres';
import { describeOfficeOnly } from '@test/support/stores';
import { entry } from './office-rig';

/** A loopback TCP forwarder to `port` that counts the connections it was asked for. */
async function countingForwarder(port: number) {
  const seen = { connections: 0 };
  const server: Server = createServer((socket) => {
    seen.connections += 1;
    const upstream = createConnection({ host: '127.0.0.1', port });
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return { seen, port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** How many submissions a server's office journal holds, asked directly (not through the forwarder). */
async function submissionsAt(server: TestPostgres): Promise<number> {
  const client = new pg.Client({ connectionString: server.ownerUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM feed_desk.submissions');
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}

describeOfficeOnly('the desk journal leaves only for the saved office journal, after a native confirmation', () => {
  let saved: TestPostgres;
  let attacker: TestPostgres;
  let forwarder: Awaited<ReturnType<typeof countingForwarder>>;
  let rig: CoreRig;
  let desk: ReturnType<typeof testDesktop>;
  let dispatch: Dispatch;
  const ownerPassword = (server: TestPostgres) => decodeURIComponent(new URL(server.ownerUrl).password);
  let savedOffice: OfficeJournal;
  let attackerOffice: OfficeJournal;

  beforeAll(async () => {
    [saved, attacker] = await Promise.all([startPostgres(), startPostgres()]);
    await officeInit(saved.ownerUrl);
    forwarder = await countingForwarder(attacker.port);
    savedOffice = { host: '127.0.0.1', port: saved.port, database: 'feed_desk', user: 'clara', tls: 'off' };
    attackerOffice = { host: '127.0.0.1', port: forwarder.port, database: 'feed_desk', user: OWNER, tls: 'off' };
    rig = await startCoreRig({ store: 'sqlite' });
    for (const reference of ['SIDE-1', 'SIDE-2', 'SIDE-3']) {
      const queued = await rig.core.journal.queue(entry(reference), false);
      if (!('row' in queued)) throw new Error('not queued');
    }
    desk = testDesktop();
    dispatch = createDispatch(createHandlers(rig.core, desk.desktop));
    // This desk has saved the office journal on `saved` (it keeps its own journal until a restart),
    // confirmed in the dialog that names it.
    desk.answers.push(true);
    expect(await dispatch('journal:configure', { settings: { kind: 'office', office: savedOffice } })).toMatchObject({
      ok: true,
    });
    expect(desk.asked.map((a) => a.message)).toEqual([
      `Use the office journal clara@127.0.0.1:${saved.port}/feed_desk from the next start?`,
    ]);
    desk.asked.length = 0;
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
    await forwarder?.close();
    await Promise.all([saved?.stop(), attacker?.stop()]);
  });
  beforeEach(async () => {
    await dispatch('office:ownerSignOut', {});
    desk.asked.length = 0;
    desk.answers.length = 0;
  });

  /** office:setup with the attacker's server and account (it succeeds: that server is the attacker's own). */
  const setUpAttacker = async () => {
    const setup = await dispatch('office:setup', { office: attackerOffice, password: ownerPassword(attacker) });
    expect(setup).toMatchObject({ ok: true, data: { message: expect.stringContaining('office journal feed_desk') } });
    forwarder.seen.connections = 0;
  };

  it('office:setup with another server opens no owner session: office:importLocal is refused and reaches nothing', async () => {
    await setUpAttacker();
    desk.answers.push(true); // even a person who would say yes is never asked
    const copied = await dispatch('office:importLocal', {});
    expect(copied).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await dispatch('office:addPerson', { name: 'mallory', role: 'supervisor' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(desk.asked).toEqual([]);
    expect(forwarder.seen.connections).toBe(0);
    expect(await submissionsAt(attacker)).toBe(0);
  });

  it('with the owner signed in on the saved journal, a setup elsewhere leaves the copy bound to the saved one', async () => {
    const signIn = await dispatch('office:ownerSignIn', { user: OWNER, password: ownerPassword(saved) });
    expect(signIn).toEqual({ ok: true, data: { owner: OWNER } });
    await setUpAttacker();

    // The person says no: nothing is copied anywhere.
    desk.answers.push(false);
    expect(await dispatch('office:importLocal', {})).toMatchObject({
      ok: false,
      error: { code: 'state', message: expect.stringContaining('Nothing was copied') },
    });
    expect(desk.asked).toHaveLength(1);
    expect(desk.asked[0]?.message).toContain(`3 entries`);
    expect(desk.asked[0]?.message).toContain(`127.0.0.1:${saved.port}/feed_desk`);
    expect(await submissionsAt(saved)).toBe(0);

    // The person says yes: the rows go to the saved journal, never to the other server.
    desk.answers.push(true);
    expect(await dispatch('office:importLocal', {})).toEqual({ ok: true, data: { imported: 3, skipped: 0 } });
    expect(await submissionsAt(saved)).toBe(3);
    expect(forwarder.seen.connections).toBe(0);
    expect(await submissionsAt(attacker)).toBe(0);
  });

  it('an owner session ends when the desk saves another office journal, and the dialog names whichever is saved', async () => {
    expect(await dispatch('office:ownerSignIn', { user: OWNER, password: ownerPassword(saved) })).toMatchObject({
      ok: true,
    });
    desk.answers.push(true);
    await dispatch('journal:configure', { settings: { kind: 'office', office: attackerOffice } });
    desk.asked.length = 0;
    try {
      desk.answers.push(true);
      expect(await dispatch('office:importLocal', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(desk.asked).toEqual([]);

      // Signed in on the newly saved server, the copy is asked for by name, and a "no" sends nothing.
      expect(await dispatch('office:ownerSignIn', { user: OWNER, password: ownerPassword(attacker) })).toMatchObject({
        ok: true,
      });
      forwarder.seen.connections = 0;
      desk.answers.length = 0;
      desk.answers.push(false);
      expect(await dispatch('office:importLocal', {})).toMatchObject({ ok: false, error: { code: 'state' } });
      expect(desk.asked.map((a) => a.message)).toEqual([
        expect.stringContaining(`127.0.0.1:${forwarder.port}/feed_desk`),
      ]);
      expect(forwarder.seen.connections).toBe(0);
      expect(await submissionsAt(attacker)).toBe(0);
    } finally {
      desk.answers.length = 0;
      desk.answers.push(true);
      await dispatch('journal:configure', { settings: { kind: 'office', office: savedOffice } });
    }
  });

  it('a page asking to move the journal elsewhere is asked in main’s dialog naming the server; a no changes nothing', async () => {
    desk.answers.length = 0;
    desk.asked.length = 0;
    desk.answers.push(false);
    const moved = await dispatch('journal:configure', {
      settings: { kind: 'office', office: attackerOffice },
      password: 'typed-by-the-page',
    });
    expect(moved).toMatchObject({ ok: false, error: { code: 'state' } });
    expect(desk.asked.map((a) => a.message)).toEqual([
      `Use the office journal ${OWNER}@127.0.0.1:${forwarder.port}/feed_desk from the next start?`,
    ]);
    expect(readJournalSettings(rig.core.home)).toMatchObject({ kind: 'office', office: { port: saved.port } });
  });
});
