// The office's update feed (migration 17): every desk reads it; supervisors and the owner set it,
// HTTPS only, with an audit line; a clerk is refused in plain words and cannot write the table.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OfficePermissionError } from '@main/journal/errors';
import { feedAddressProblem } from '@main/updates/feed-address';
import type { JournalStore } from '@main/journal/store';
import { describeOfficeOnly } from '@test/support/stores';
import { startOffice, type Office } from './office-rig';

describeOfficeOnly("office journal: the office's update feed", () => {
  let office: Office;
  let clerk: JournalStore;
  let supervisor: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    clerk = await office.open('clerk');
    supervisor = await office.open('supervisor');
  }, 60_000);
  afterAll(() => office?.stop());

  it('names none at first; a supervisor sets it for every desk, and a clerk reads it', async () => {
    expect(await clerk.updateFeed!.get()).toEqual({ url: null, setBy: null, setAt: null });
    const set = await supervisor.updateFeed!.set('https://updates.office.example/feed-desk/');
    expect(set).toMatchObject({ url: 'https://updates.office.example/feed-desk/', setBy: expect.any(String) });
    expect(await clerk.updateFeed!.get()).toEqual(set);
    const audit = await office.sql(
      'owner',
      "SELECT detail FROM feed_desk.admin_audit WHERE action = 'update feed set'",
    );
    expect(audit.rows.map((r) => r.detail)).toContain('https://updates.office.example/feed-desk/');
  });

  it('refuses a clerk in plain words, a plain-http feed elsewhere, and a clerk writing the table', async () => {
    await expect(clerk.updateFeed!.set('https://evil.example/')).rejects.toBeInstanceOf(OfficePermissionError);
    await expect(clerk.updateFeed!.set('https://evil.example/')).rejects.toThrow(
      /is not a Feed Desk supervisor: only supervisors set the office's update feed/,
    );
    await expect(supervisor.updateFeed!.set('http://updates.office.example/')).rejects.toThrow(
      /must be served over HTTPS/,
    );
    await expect(
      office.sql('clerk', "UPDATE feed_desk.update_feed SET url = 'https://evil.example/'"),
    ).rejects.toMatchObject({
      code: '42501',
    });
    expect((await clerk.updateFeed!.get()).url).not.toBe('https://evil.example/');
    expect((await supervisor.updateFeed!.set(null)).url).toBeNull();
  });

  it('refuses in the database exactly the addresses the desk refuses', async () => {
    const addresses = [
      'https://updates.office.example/feed-desk/',
      'HTTPS://updates.office.example/feed-desk/',
      ' https://updates.office.example/spaced/ ',
      'https://updates.office.example/path@kept/',
      'http://127.0.0.1:8080/feed/',
      'http://localhost/feed/',
      'http://LOCALHOST/feed/',
      'http://[::1]:9000/',
      'http://updates.office.example/',
      'http://127.0.0.1.evil.example/',
      'http://localhost@evil.example/',
      'https://user@updates.office.example/',
      'https://user:secret@updates.office.example/',
      'ftp://updates.office.example/',
      'updates.office.example',
    ];
    const verdicts = await Promise.all(
      addresses.map(async (address) => ({
        address,
        desk: feedAddressProblem(address) === undefined,
        database: await supervisor.updateFeed!.set(address).then(
          () => true,
          () => false,
        ),
      })),
    );
    expect(verdicts.filter((v) => v.desk !== v.database)).toEqual([]);
    expect(verdicts.filter((v) => v.desk).map((v) => v.address)).toHaveLength(8);
    // Kept as a web address reads: scheme and host in small letters, the path as given.
    const kept = await supervisor.updateFeed!.set(' HTTPS://Updates.Office.Example/Feed/ ');
    expect(kept.url).toBe(new URL('HTTPS://Updates.Office.Example/Feed/').href);
    await supervisor.updateFeed!.set(null);
  });
});
