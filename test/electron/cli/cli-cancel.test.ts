import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { writeSandboxLink } from '../../../electron/main/core/sandbox-link';
import { CLI_TIMEOUT, runCli } from '../../support/cli';

// The sandbox here expects the reason under the administrator's name for it, cancel_reason.
let sandbox: Sandbox;
let home: string;
beforeAll(async () => {
  sandbox = await startSandbox({ cancellation: { wire: { reason: 'cancel_reason' } } });
  home = mkdtempSync(join(tmpdir(), 'feed-desk-cli-cancel-'));
  writeSandboxLink(home, sandbox.url);
});
afterAll(() => sandbox?.close());

const env = () => ({
  FEED_DESK_HOME: home,
  FEED_DESK_CLIENT_ID: '',
  FEED_DESK_CLIENT_SECRET: '',
  FEED_DESK_PROFILE: '',
});
const json = (run: { stdout: string }) => JSON.parse(run.stdout) as Record<string, unknown>;

describe('feed-desk cancel and profiles set', { timeout: CLI_TIMEOUT }, () => {
  let recordid = 0;

  it('a cancellation waits while the profile has no path, and is sent once `profiles set` gives it one', async () => {
    const entry = await runCli(['submit', 'examples/entry.json', '--json'], env());
    expect(entry.code).toBe(0);
    recordid = json(entry).recordid as number;

    const noPath = await runCli(['profiles', 'set', 'Sandbox', '--cancellation-path', '', '--json'], env());
    expect(json(noPath)).toMatchObject({ ok: true, path: null });
    const queued = await runCli(
      ['cancel', '--recordid', String(recordid), '--reason', 'Withdrawn', '--json', '--wait', '0'],
      env(),
    );
    expect(queued.code).toBe(1);
    expect(queued.stderr).toMatch(/has no cancellation path yet/);
    expect(json(queued)).toMatchObject({ kind: 'cancellation', state: 'queued' });

    const set = await runCli(
      [
        'profiles',
        'set',
        'Sandbox',
        '--cancellation-path',
        '/v1/feed/createcancellation',
        '--cancellation-field',
        'reason=cancel_reason',
      ],
      env(),
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/reason as cancel_reason/);
    expect(set.stdout).toMatch(/1 queued cancellation\(s\) can be sent now/);
    const drained = await runCli(['outbox', 'drain', '--json'], env());
    expect(json(drained)).toMatchObject({ accepted: 1, remaining: [] });
    const stored = sandbox.records.at(-1)!;
    expect(stored.kind).toBe('cancellation');
    const parts = new Map(stored.parts);
    expect(parts.get('cancel_reason')).toBe('Withdrawn');
    // Prefilled from the journal's row of the original entry.
    expect(parts.get('reference')).toBe('REF-2026-0001');
    expect(parts.get('recordid')).toBe(String(recordid));
  });

  it('a second cancellation of the recordid is a possible duplicate (exit 3) until allowed', async () => {
    const again = await runCli(['cancel', '--recordid', String(recordid), '--reason', 'Again'], env());
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/possible duplicate of a cancellation of recordid/);
    const allowed = await runCli(
      ['cancel', '--recordid', String(recordid), '--reason', 'Again', '--allow-duplicate', '--json'],
      env(),
    );
    expect(json(allowed)).toMatchObject({ state: 'accepted' });
  });

  it('an unknown recordid is rejected by the service at that field; a bad --field or date is refused before anything is sent', async () => {
    const unknown = await runCli(['cancel', '--recordid', '999999', '--reason', 'x'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/recordid.*No such record/s);
    const badField = await runCli(
      ['cancel', '--recordid', String(recordid), '--reason', 'x', '--field', 'oops'],
      env(),
    );
    expect(badField.code).toBe(2);
    expect(badField.stderr).toMatch(/--field takes NAME=VALUE/);
    const unknownField = await runCli(
      ['cancel', '--recordid', String(recordid), '--reason', 'x', '--field', 'colour=red'],
      env(),
    );
    expect(unknownField.code).toBe(2);
    const badDate = await runCli(
      ['cancel', '--recordid', String(recordid), '--reason', 'x', '--date', '2026-02-30'],
      env(),
    );
    expect(badDate.code).toBe(2);
    const badSet = await runCli(['profiles', 'set', 'Sandbox', '--cancellation-field', 'colour=c'], env());
    expect(badSet.code).toBe(2);
  });
});
