import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../../electron/sandbox/tokens';
import { CLI_TIMEOUT } from '@test/support/cli';
import { cliHome, useCliRig, writeProfiles } from '@test/support/cli-rig';
import { freePort } from '@test/support/postgres';

const cli = useCliRig({ prefix: 'feed-desk-cli-profiles-' });
/** A loopback port nothing listens on. */
let closedPort: number;
beforeAll(async () => {
  closedPort = await freePort();
  writeProfiles(cli.home, {
    active: 'Sandbox',
    profiles: [
      { name: 'Local', baseUrl: cli.sandbox.url },
      { name: 'Gone', baseUrl: `http://127.0.0.1:${closedPort}` },
    ],
  });
});

/** Environment credentials meant for one profile (unattended use). */
const unattended = (profile: string, secret: string) => ({
  FEED_DESK_PROFILE: profile,
  FEED_DESK_CLIENT_ID: SANDBOX_CLIENT_ID,
  FEED_DESK_CLIENT_SECRET: secret,
});

describe('feed-desk profiles add: base URLs the HTTP client refuses (defect 7)', { timeout: CLI_TIMEOUT }, () => {
  it.each(['http://127.0.0.1:1', 'https://feed.example.com:6000'])('refuses %s, saving nothing', async (url) => {
    const run = await cli.run(['profiles', 'add', 'Odd', '--base-url', url, '--client-id', 'x'], {}, 'secret\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^feed-desk: --base-url: Port \d+ is one the HTTP client refuses to connect to/);
    expect(readFileSync(join(cli.home, 'profiles.json'), 'utf8')).not.toContain('Odd');
  });
});

describe('feed-desk profiles test', { timeout: CLI_TIMEOUT }, () => {
  it('gets a token for the Sandbox profile and says so in plain words', async () => {
    const run = await cli.run(['profiles', 'test', 'Sandbox']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Profile Sandbox works: http:\/\/127\.0\.0\.1:\d+ issued an access token for its credentials in \d+ ms\n$/,
    );
  });

  it('uses the environment credentials for the profile FEED_DESK_PROFILE names (and tests it by default)', async () => {
    const run = await cli.run(['profiles', 'test', '--json'], unattended('Local', SANDBOX_CLIENT_SECRET));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, profile: 'Local', base_url: cli.sandbox.url });
  });

  it('says the credentials were refused, and where to check them, without printing the secret', async () => {
    const secret = 'wrong-secret-never-printed-7';
    const run = await cli.run(['profiles', 'test', 'Local'], unattended('Local', secret));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'feed-desk: The service refused the credentials of profile Local: check its client ID and secret with `feed-desk profiles`\n',
    );
    expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it('says nothing could be reached when the service is down', async () => {
    const run = await cli.run(['profiles', 'test', 'Gone', '--json'], unattended('Gone', SANDBOX_CLIENT_SECRET));
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      error: {
        code: 'connection',
        message: expect.stringMatching(/^Profile Gone could not get an access token from http/),
      },
    });
  });

  it('does not give one profile the environment credentials meant for another', async () => {
    const run = await cli.run(['profiles', 'test', 'Local'], unattended('Gone', SANDBOX_CLIENT_SECRET));
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/works/);
  });
});

describe('credentials refused on submit (issue 13 defect 2, the CLI side)', { timeout: CLI_TIMEOUT }, () => {
  it('blames the credentials, not the entry, and keeps the entry waiting', async () => {
    const secret = 'wrong-secret-never-printed-8';
    const run = await cli.run(['submit', 'examples/entry.json', '--profile', 'Local'], unattended('Local', secret));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^feed-desk: Failed: waits for credentials \[journal #\d+\]: The service refused the credentials of profile Local: check its client ID and secret with `feed-desk profiles`\n/,
    );
    expect(run.stderr).not.toMatch(/fix the entry/);
    expect(run.stdout + run.stderr).not.toContain(secret);
    const json = await cli.run(['outbox', 'list', '--json']);
    expect(JSON.parse(json.stdout)).toContainEqual(
      expect.objectContaining({ state: 'failed', error_code: 'credentials', next_attempt_at: null }),
    );
  });
});

describe('feed-desk profiles add --test (keychain)', { timeout: CLI_TIMEOUT }, () => {
  const noBus = !process.env.DBUS_SESSION_BUS_ADDRESS;
  const why = noBus ? ' [SKIPPED: needs a Secret Service; run through `npm test`]' : '';

  it.skipIf(noBus)(`saves the profile, then says whether its credentials work${why}`, async () => {
    const own = cliHome({ prefix: 'feed-desk-cli-profiles-' });
    const name = `Tested-${Date.now()}`;
    const args = ['profiles', 'add', name, '--base-url', cli.sandbox.url, '--client-id', SANDBOX_CLIENT_ID, '--test'];
    const good = await own.run(args, {}, `${SANDBOX_CLIENT_SECRET}\n`);
    expect(good.stderr).toBe('');
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(new RegExp(`^saved profile ${name} .*\nProfile ${name} works: `));
    const bad = await own.run(args, {}, 'not-the-secret\n');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      `Saved profile ${name}, but the test failed: The service refused the credentials of profile ${name}`,
    );
    expect((await own.run(['profiles', 'test', name])).code).toBe(1);
    expect((await own.run(['profiles', 'remove', name])).code).toBe(0);
    expect(existsSync(join(own.home, 'profiles.json'))).toBe(true);
  });

  it.skipIf(noBus)(
    `sends an entry that waited for credentials once they are saved, with nothing keyed again${why}`,
    async () => {
      const name = `Waiting-${Date.now()}`;
      const own = cliHome({
        prefix: 'feed-desk-cli-profiles-',
        profiles: { active: name, profiles: [{ name, baseUrl: cli.sandbox.url }] },
      });
      const refused = await own.run(['submit', 'examples/entry.json'], {
        FEED_DESK_PROFILE: name,
        FEED_DESK_CLIENT_ID: SANDBOX_CLIENT_ID,
        FEED_DESK_CLIENT_SECRET: 'not-the-secret',
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(`The service refused the credentials of profile ${name}`);
      const added = await own.run(
        ['profiles', 'add', name, '--base-url', cli.sandbox.url, '--client-id', SANDBOX_CLIENT_ID],
        {},
        `${SANDBOX_CLIENT_SECRET}\n`,
      );
      expect(added.code).toBe(0);
      expect(added.stdout).toMatch(/1 submission\(s\) that waited for its credentials are due again/);
      const before = cli.sandbox.records.length;
      const drained = await own.run(['outbox', 'drain', '--json']);
      expect(JSON.parse(drained.stdout)).toEqual({ accepted: 1, remaining: [] });
      expect(cli.sandbox.records.length).toBe(before + 1);
      expect((await own.run(['profiles', 'remove', name])).code).toBe(0);
    },
  );
});
