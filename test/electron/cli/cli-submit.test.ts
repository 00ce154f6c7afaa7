import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { writeSandboxLink } from '../../../electron/main/core/sandbox-link';
import { runCli } from '../../support/cli';

let sandbox: Sandbox;
let home: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  home = mkdtempSync(join(tmpdir(), 'feed-desk-cli-'));
  writeSandboxLink(home, sandbox.url);
});
afterAll(() => sandbox.close());

const env = () => ({ FEED_DESK_HOME: home, FEED_DESK_CLIENT_ID: '', FEED_DESK_CLIENT_SECRET: '' });

describe('feed-desk submit', () => {
  it('submits the README example entry to the sandbox and prints its recordid', async () => {
    const run = await runCli(['submit', 'examples/entry.json'], env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const recordid = sandbox.records.at(-1)?.recordid;
    expect(run.stdout).toBe(`accepted: recordid ${recordid} (Record created)\n`);
    expect(new Map(sandbox.records.at(-1)?.parts).get('total_value')).toBe('1299.50');
  });

  it('prints JSON with --json', async () => {
    const run = await runCli(['submit', 'examples/entry.json', '--json'], env());
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: true,
      recordid: sandbox.records.at(-1)?.recordid,
      message: 'Record created',
    });
  });

  it('refuses an invalid entry with its field errors, sending nothing', async () => {
    const file = join(home, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({ account_code: 'A', reference: 'R', surname: 'S', postcode: '123', policy: 'P', shoe: 9 }),
    );
    const before = sandbox.records.length;
    const run = await runCli(['submit', file], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/postcode\s+Enter a UK postcode/);
    expect(run.stderr).toMatch(/shoe\s+Unknown field/);
    expect(sandbox.records.length).toBe(before);
  });

  it('says how to start the sandbox when none is running', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'feed-desk-cli-'));
    const run = await runCli(['submit', 'examples/entry.json'], { FEED_DESK_HOME: empty });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/The sandbox is not running.*npm run sandbox/);
  });

  it('keeps a secret from the environment out of every output line when the service refuses it', async () => {
    const other = mkdtempSync(join(tmpdir(), 'feed-desk-cli-'));
    writeFileSync(
      join(other, 'profiles.json'),
      JSON.stringify({
        version: 1,
        active: 'Local',
        profiles: [{ name: 'Local', baseUrl: sandbox.url }],
      }),
    );
    const secret = 'do-not-print-this-secret-42';
    const run = await runCli(['submit', 'examples/entry.json'], {
      FEED_DESK_HOME: other,
      FEED_DESK_CLIENT_ID: 'feed-desk-demo',
      FEED_DESK_CLIENT_SECRET: secret,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not accepted: HTTP 401: Not authorised/);
    expect(run.stdout + run.stderr).not.toContain(secret);
  });
});
