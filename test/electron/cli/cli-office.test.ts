import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { writeSandboxLink } from '../../../electron/main/core/sandbox-link';
import { readJournalSettings } from '../../../electron/main/journal/journal-settings';
import { CLI_TIMEOUT, runCli } from '../../support/cli';
import { describeOfficeOnly, freshOfficeJournal, RIG_USER } from '../../support/stores';

let sandbox: Sandbox;
let home: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  home = mkdtempSync(join(tmpdir(), 'feed-desk-cli-office-'));
  writeSandboxLink(home, sandbox.url);
});
afterAll(() => sandbox?.close());

const env = (extra: NodeJS.ProcessEnv = {}) => ({
  FEED_DESK_HOME: home,
  FEED_DESK_CLIENT_ID: '',
  FEED_DESK_CLIENT_SECRET: '',
  FEED_DESK_PROFILE: '',
  FEED_DESK_JOURNAL_URL: '',
  PGPASSWORD: '',
  ...extra,
});

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
      const viaFlag = await runCli(
        ['--journal', office.url, 'submit', 'examples/entry.json', '--json'],
        env({ PGPASSWORD: office.password }),
      );
      expect(viaFlag.stderr).toBe('');
      expect(viaFlag.code).toBe(0);
      const row = JSON.parse(viaFlag.stdout) as { id: number; state: string; recordid: number };
      expect(row.state).toBe('accepted');

      const listed = await runCli(
        ['journal', '--json'],
        env({ FEED_DESK_JOURNAL_URL: office.url, PGPASSWORD: office.password }),
      );
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: row.id, recordid: row.recordid })]);

      const shown = await runCli(
        ['journal', 'show', String(row.id), '--json'],
        env({ FEED_DESK_JOURNAL_URL: office.url, PGPASSWORD: office.password }),
      );
      const detail = JSON.parse(shown.stdout) as { history: Array<{ by: string }> };
      // Who did it is the database user, recorded by the database.
      expect(detail.history[0]?.by).toBe(RIG_USER.user);

      // This computer's journal was not touched.
      const local = await runCli(['journal', '--json'], env());
      expect(JSON.parse(local.stdout)).toEqual([]);
    },
    CLI_TIMEOUT,
  );

  it(
    'office connect signs in first, then makes the office journal this desk’s; a wrong password changes nothing',
    async () => {
      const office = split((await freshOfficeJournal()).url);
      const refused = await runCli(['office', 'connect', office.url, '--json'], env({ PGPASSWORD: 'wrong' }));
      expect(refused.code).toBe(1);
      expect(refused.stdout + refused.stderr).not.toContain(office.password);
      expect(readJournalSettings(home)).toEqual({ kind: 'local' });

      const connected = await runCli(['office', 'connect', office.url, '--json'], env({ PGPASSWORD: office.password }));
      expect(connected.code).toBe(0);
      expect(JSON.parse(connected.stdout)).toMatchObject({ kind: 'office', user: RIG_USER.user, role: 'supervisor' });
      expect(readJournalSettings(home)).toMatchObject({ kind: 'office', office: { user: RIG_USER.user, tls: 'off' } });

      const disconnected = await runCli(['office', 'disconnect'], env());
      expect(disconnected.code).toBe(0);
      expect(readJournalSettings(home)).toEqual({ kind: 'local' });
    },
    CLI_TIMEOUT,
  );
});
