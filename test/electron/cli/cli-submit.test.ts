import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_TIMEOUT, runCli } from '@test/support/cli';
import { cliHome, useCliRig } from '@test/support/cli-rig';
import { tempHome } from '@test/support/core';
import { SANDBOX_CLIENT_SECRET } from '../../../electron/sandbox/tokens';

const cli = useCliRig();

describe('feed-desk submit', { timeout: CLI_TIMEOUT }, () => {
  it('submits the README example entry to the sandbox and prints its recordid', async () => {
    const run = await cli.run(['submit', 'examples/entry.json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const recordid = cli.sandbox.records.at(-1)?.recordid;
    expect(run.stdout).toBe(`Accepted: recordid ${recordid} (Record created) [journal #1]\n`);
    expect(new Map(cli.sandbox.records.at(-1)?.parts).get('total_value')).toBe('1299.50');
  });

  it('refuses a possible duplicate, sending nothing, unless --allow-duplicate is given (JSON output)', async () => {
    const before = cli.sandbox.records.length;
    const refused = await cli.run(['submit', 'examples/entry.json']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/possible duplicate of journal #1 \(accepted, recordid \d+, .*--allow-duplicate/);
    expect(cli.sandbox.records.length).toBe(before);
    const run = await cli.run(['submit', 'examples/entry.json', '--json', '--allow-duplicate']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      id: 2,
      state: 'accepted',
      recordid: cli.sandbox.records.at(-1)?.recordid,
      reference: 'REF-2026-0001',
      attempts: 1,
    });
  });

  it('lists the journal as JSON and CSV', async () => {
    const json = await cli.run(['journal', '--format', 'json', '--state', 'accepted']);
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.id)).toEqual([2, 1]);
    for (const key of ['id', 'kind', 'state', 'recordid', 'reference', 'policy', 'attempts', 'created_at']) {
      expect(rows[0]).toHaveProperty(key);
    }
    const csv = await cli.run(['journal', '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toMatch(/^\uFEFF# Contains personal data of customers /);
    expect(csv.stdout.split('\r\n')[1]).toMatch(/^id,kind,state,recordid,/);
    expect((await cli.run(['journal', '--state', 'nonsense'])).code).toBe(2);
  });

  it('leaves an unknown outcome for a person, who resolves it with --accepted', async () => {
    const fault = JSON.stringify({ target: 'entry', fault: { kind: 'garbage' } });
    await fetch(`${cli.sandbox.url}/_sandbox/faults`, { method: 'POST', body: fault });
    const run = await cli.run(['submit', 'examples/entry.json', '--allow-duplicate']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Unknown: a supervisor checks \[journal #3\].*\n.*feed-desk resolve 3/);
    expect((await cli.run(['outbox', 'drain', '--wait', '5'])).stdout).toMatch(/^0 accepted; 0 still waiting/);
    const stored = cli.sandbox.records.at(-1)?.recordid;
    const resolved = await cli.run(['resolve', '3', '--accepted', String(stored), '--note', 'seen in the service']);
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toMatch(`Accepted: recordid ${stored}`);
    expect((await cli.run(['resolve', '3', '--discard'])).stderr).toMatch(/is accepted/);
  });

  it('refuses an invalid entry with its field errors, sending nothing', async () => {
    const file = join(cli.home, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({ account_code: 'A', reference: 'R', surname: 'S', postcode: '123', policy: 'P', shoe: 9 }),
    );
    const before = cli.sandbox.records.length;
    const run = await cli.run(['submit', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/postcode\s+Enter a UK postcode/);
    expect(run.stderr).toMatch(/shoe\s+Unknown field/);
    expect(cli.sandbox.records.length).toBe(before);
  });

  it('says how to start the sandbox when none is running', async () => {
    const empty = tempHome('feed-desk-cli-');
    const run = await runCli(['submit', 'examples/entry.json'], { FEED_DESK_HOME: empty });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/The sandbox is not running.*npm run sandbox/);
  });

  it('keeps the secret out of every output line, the journal and the export when the service echoes it', async () => {
    const other = cliHome({ profiles: { active: 'Local', profiles: [{ name: 'Local', baseUrl: cli.sandbox.url }] } });
    const secret = SANDBOX_CLIENT_SECRET;
    const unattended = other.env({
      FEED_DESK_PROFILE: 'Local',
      FEED_DESK_CLIENT_ID: 'feed-desk-demo',
      FEED_DESK_CLIENT_SECRET: secret,
    });
    cli.sandbox.faults.add({ target: 'token', fault: { kind: 'echo', status: 400 } });
    cli.sandbox.faults.add({ target: 'entry', fault: { kind: 'echo', status: 400 } });
    const first = await runCli(['submit', 'examples/entry.json', '--wait', '0'], unattended);
    expect(first.code).toBe(1);
    const second = await runCli(['submit', 'examples/entry.json', '--allow-duplicate', '--json'], unattended);
    expect(second.code).toBe(1);
    expect(JSON.parse(second.stdout)).toMatchObject({ state: 'rejected' });
    expect(first.stderr + second.stdout, 'the echo reached the output').toContain('[redacted]');
    const csv = await runCli(['journal', '--format', 'csv'], unattended);
    const shown = await runCli(['journal', 'show', '2'], unattended);
    for (const run of [first, second, csv, shown]) {
      expect(run.stdout + run.stderr).not.toContain(secret);
      expect(run.stdout + run.stderr).not.toMatch(/Bearer (?!\[redacted\])/);
    }
  });
});

describe('feed-desk profiles', { timeout: CLI_TIMEOUT }, () => {
  const noBus = !process.env.DBUS_SESSION_BUS_ADDRESS;
  const why = noBus ? ' [SKIPPED: needs a Secret Service; run through `npm test`]' : '';

  it.skipIf(noBus)(`adds a profile with the secret from stdin, uses it to submit, removes it${why}`, async () => {
    const { home: home2, env: env2 } = cliHome();
    const name = `Local-${Date.now()}`;
    const added = await runCli(
      [
        'profiles',
        'add',
        name,
        '--base-url',
        cli.sandbox.url,
        '--client-id',
        'feed-desk-demo',
        '--date-format',
        'DD/MM/YYYY',
      ],
      env2(),
      'sandbox-demo-secret\n',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(readFileSync(join(home2, 'profiles.json'), 'utf8')).not.toContain('sandbox-demo-secret');
    expect((await runCli(['profiles', 'use', name], env2())).code).toBe(0);
    const listed = await runCli(['profiles', 'list', '--json'], env2());
    expect(JSON.parse(listed.stdout)).toContainEqual({ name, baseUrl: cli.sandbox.url, active: true });
    cli.sandbox.settings.dateFormat = 'DD/MM/YYYY';
    const submitted = await runCli(['submit', 'examples/entry.json'], env2()).finally(() => {
      cli.sandbox.settings.dateFormat = 'YYYY-MM-DD';
    });
    expect(submitted.stderr).toBe('');
    expect(submitted.code).toBe(0);
    expect(new Map(cli.sandbox.records.at(-1)?.parts).get('purchase_date')).toBe('02/11/2026');
    expect((await runCli(['profiles', 'remove', name], env2())).code).toBe(0);
    expect(JSON.parse((await runCli(['profiles', 'list', '--json'], env2())).stdout)).toHaveLength(1);
  });

  it('refuses plain http to a non-loopback host', async () => {
    const run = await cli.run(
      ['profiles', 'add', 'Bad', '--base-url', 'http://feed.example.com', '--client-id', 'x'],
      {},
      's\n',
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Base URL must be https/);
  });
});
