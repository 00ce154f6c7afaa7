// Every failure to reach or sign in to the office journal is one plain sentence naming the server
// and what to do, in text and in --json, never the driver's own words: against a real PostgreSQL
// cluster (no TLS on it; scram for passwords; a pg_hba.conf line that trusts one user name that has
// no role), a port nothing listens on, and a server showing a self-signed certificate.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { startFakePostgres, type FakePostgres } from '@test/support/fake-postgres';
import { freePort, OWNER, startPostgres, type TestPostgres } from '@test/support/postgres';
import { describeOfficeOnly } from '@test/support/stores';
import { makeTestCertificates } from '@test/support/test-certificates';

const cli = useCliRig({ prefix: 'feed-desk-cli-words-', env: { FEED_DESK_JOURNAL_URL: '', PGPASSWORD: '' } });
const PASSWORD = 'clara-pw-5d2e';
/** A user name pg_hba.conf trusts on 127.0.0.1 but no role has: the server says the role is missing. */
const GHOST = 'ghost_clerk';

/** The same command in text and in --json: exit 1, the sentence alone on stderr, and as the JSON error's message. */
async function expectSentence(args: string[], env: NodeJS.ProcessEnv, code: string, sentence: string) {
  const [text, json] = await Promise.all([cli.run(args, env), cli.run([...args, '--json'], env)]);
  expect(text.stderr).toBe(`feed-desk: ${sentence}\n`);
  expect(text.stdout).toBe('');
  expect(text.code).toBe(1);
  expect(JSON.parse(json.stdout)).toEqual({ ok: false, error: { code, message: sentence } });
  expect(json.stderr).toBe('');
  expect(json.code).toBe(1);
}

describeOfficeOnly('the office journal’s refusals in plain words (command line)', () => {
  let server: TestPostgres;
  let fake: FakePostgres;
  beforeAll(async () => {
    server = await startPostgres();
    await officeInit(server.ownerUrl);
    await addUser(server.ownerUrl, 'clara', 'clerk', PASSWORD);
    const hba = join(server.dataDir, 'pg_hba.conf');
    writeFileSync(hba, `host feed_desk ${GHOST} 127.0.0.1/32 trust\n${readFileSync(hba, 'utf8')}`);
    const admin = new pg.Client({ connectionString: server.ownerUrl });
    await admin.connect();
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
    fake = await startFakePostgres(makeTestCertificates().selfSigned);
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await server?.stop();
  });

  const journal = (user: string, database = 'feed_desk', query = 'sslmode=disable', port = server.port) => [
    '--journal',
    `postgres://${user}@127.0.0.1:${port}/${database}?${query}`,
    'journal',
  ];

  it(
    'connection refused: nothing listens on the port',
    async () => {
      const port = await freePort();
      await expectSentence(
        journal('clara', 'feed_desk', 'sslmode=disable', port),
        { PGPASSWORD: PASSWORD },
        'journal-unreachable',
        `The office journal at 127.0.0.1:${port}/feed_desk refused the connection: nothing was sent; check that its PostgreSQL server is running and that the host and port are right.`,
      );
    },
    CLI_TIMEOUT,
  );

  it(
    'no TLS offered: the server has TLS off and the URL asks for verify-full',
    async () => {
      await expectSentence(
        journal('clara', 'feed_desk', 'sslmode=verify-full'),
        { PGPASSWORD: PASSWORD },
        'office-no-tls',
        `The office journal at 127.0.0.1:${server.port}/feed_desk does not offer TLS; Feed Desk requires it. Turn TLS on on the server, or use sslmode=disable for a server on this computer.`,
      );
    },
    CLI_TIMEOUT,
  );

  it(
    'certificate not trusted: the server shows a self-signed certificate, and gets no password',
    async () => {
      await expectSentence(
        journal('clara', 'feed_desk', 'sslmode=verify-full', fake.port),
        { PGPASSWORD: PASSWORD },
        'office-certificate',
        `The office journal at 127.0.0.1:${fake.port}/feed_desk shows a certificate this computer does not trust (it is self-signed): give Feed Desk the CA file that signed it (sslrootcert=FILE, or CA file in Settings › Journal), or have the server's certificate fixed.`,
      );
      expect(fake.passwords()).toEqual([]);
    },
    CLI_TIMEOUT,
  );

  it(
    'password refused',
    async () => {
      await expectSentence(
        journal('clara'),
        { PGPASSWORD: 'not-her-password' },
        'office-password',
        `The office journal at 127.0.0.1:${server.port}/feed_desk refused the password of clara: check the user name and password, or ask the administrator to set a new one.`,
      );
    },
    CLI_TIMEOUT,
  );

  it(
    'database missing, for a desk and for the owner’s office init',
    async () => {
      const sentence = `The database server at 127.0.0.1:${server.port} has no database nowhere: check the database name, or set the office journal up first (feed-desk office init).`;
      await expectSentence(journal('clara', 'nowhere'), { PGPASSWORD: PASSWORD }, 'office-database', sentence);
      const owner = decodeURIComponent(new URL(server.ownerUrl).password);
      await expectSentence(
        ['office', 'init', '--url', `postgres://${OWNER}@127.0.0.1:${server.port}/nowhere?sslmode=disable`],
        { PGPASSWORD: owner },
        'office-database',
        sentence,
      );
    },
    CLI_TIMEOUT,
  );

  it(
    'role missing',
    async () => {
      await expectSentence(
        journal(GHOST),
        { PGPASSWORD: PASSWORD },
        'office-role',
        `The office journal at 127.0.0.1:${server.port}/feed_desk has no user ${GHOST}: check the user name, or ask the administrator to add you (feed-desk office add-user ${GHOST}).`,
      );
    },
    CLI_TIMEOUT,
  );
});
