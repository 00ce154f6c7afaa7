import { expect, it } from 'vitest';
import { readJournalSettings } from '@main/journal/open';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { describeOfficeOnly, freshOfficeJournal, RIG_USER } from '@test/support/stores';

// This computer's journal unless a run names an office one.
const cli = useCliRig({ prefix: 'feed-desk-cli-office-', env: { FEED_DESK_JOURNAL_URL: '', PGPASSWORD: '' } });

/** The office journal's URL without its password (as a person would give it), and the password. */
const split = (url: string) => {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: `${parsed.toString()}?sslmode=disable`, password };
};

describeOfficeOnly('the command line on the office journal', () => {
  it(
    'submit, journal and journal show work on the office journal given by --journal or FEED_DESK_JOURNAL_URL',
    async () => {
      const office = split((await freshOfficeJournal()).url);
      const viaFlag = await cli.run(['--journal', office.url, 'submit', 'examples/entry.json', '--json'], {
        PGPASSWORD: office.password,
      });
      expect(viaFlag.stderr).toBe('');
      expect(viaFlag.code).toBe(0);
      const row = JSON.parse(viaFlag.stdout) as { id: number; state: string; recordid: number };
      expect(row.state).toBe('accepted');

      const listed = await cli.run(['journal', '--json'], {
        FEED_DESK_JOURNAL_URL: office.url,
        PGPASSWORD: office.password,
      });
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: row.id, recordid: row.recordid })]);

      const shown = await cli.run(['journal', 'show', String(row.id), '--json'], {
        FEED_DESK_JOURNAL_URL: office.url,
        PGPASSWORD: office.password,
      });
      const detail = JSON.parse(shown.stdout) as { history: Array<{ by: string }> };
      // Who did it is the database user, recorded by the database.
      expect(detail.history[0]?.by).toBe(RIG_USER.user);

      // This computer's journal was not touched.
      const local = await cli.run(['journal', '--json']);
      expect(JSON.parse(local.stdout)).toEqual([]);
    },
    CLI_TIMEOUT,
  );

  it(
    'office connect signs in first, then makes the office journal this desk’s; a wrong password changes nothing',
    async () => {
      const office = split((await freshOfficeJournal()).url);
      const refused = await cli.run(['office', 'connect', office.url, '--json'], { PGPASSWORD: 'wrong' });
      expect(refused.code).toBe(1);
      expect(refused.stdout + refused.stderr).not.toContain(office.password);
      expect(readJournalSettings(cli.home)).toEqual({ kind: 'local' });

      const connected = await cli.run(['office', 'connect', office.url, '--json'], { PGPASSWORD: office.password });
      expect(connected.code).toBe(0);
      expect(JSON.parse(connected.stdout)).toMatchObject({ kind: 'office', user: RIG_USER.user, role: 'supervisor' });
      expect(readJournalSettings(cli.home)).toMatchObject({
        kind: 'office',
        office: { user: RIG_USER.user, tls: 'off' },
      });

      const disconnected = await cli.run(['office', 'disconnect']);
      expect(disconnected.code).toBe(0);
      expect(readJournalSettings(cli.home)).toEqual({ kind: 'local' });
    },
    CLI_TIMEOUT,
  );
});
