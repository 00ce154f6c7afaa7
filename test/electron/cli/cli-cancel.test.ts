import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';

// The sandbox here expects the reason under the administrator's name for it, cancel_reason.
const cli = useCliRig({
  prefix: 'feed-desk-cli-cancel-',
  sandbox: { cancellation: { wire: { reason: 'cancel_reason' } } },
});

const json = (run: { stdout: string }) => JSON.parse(run.stdout) as Record<string, unknown>;

describe('feed-desk cancel and profiles set', { timeout: CLI_TIMEOUT }, () => {
  let recordid = 0;

  it('a cancellation waits while the profile has no path, and is sent once `profiles set` gives it one', async () => {
    const entry = await cli.run(['submit', 'examples/entry.json', '--json']);
    expect(entry.code).toBe(0);
    recordid = json(entry).recordid as number;

    const noPath = await cli.run(['profiles', 'set', 'Sandbox', '--cancellation-path', '', '--json']);
    expect(json(noPath)).toMatchObject({ ok: true, path: null });
    const queued = await cli.run([
      'cancel',
      '--recordid',
      String(recordid),
      '--reason',
      'Withdrawn',
      '--json',
      '--wait',
      '0',
    ]);
    expect(queued.code).toBe(1);
    expect(queued.stderr).toMatch(/has no cancellation path yet/);
    expect(json(queued)).toMatchObject({ kind: 'cancellation', state: 'queued' });

    const set = await cli.run([
      'profiles',
      'set',
      'Sandbox',
      '--cancellation-path',
      '/v1/feed/createcancellation',
      '--cancellation-field',
      'reason=cancel_reason',
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/reason as cancel_reason/);
    expect(set.stdout).toMatch(/1 queued cancellation\(s\) can be sent now/);
    const drained = await cli.run(['outbox', 'drain', '--json']);
    expect(json(drained)).toMatchObject({ accepted: 1, remaining: [] });
    const stored = cli.sandbox.records.at(-1)!;
    expect(stored.kind).toBe('cancellation');
    const parts = new Map(stored.parts);
    expect(parts.get('cancel_reason')).toBe('Withdrawn');
    // Prefilled from the journal's row of the original entry.
    expect(parts.get('reference')).toBe('REF-2026-0001');
    expect(parts.get('recordid')).toBe(String(recordid));
  });

  it('a second cancellation of the recordid is a possible duplicate (exit 3) until allowed', async () => {
    const again = await cli.run(['cancel', '--recordid', String(recordid), '--reason', 'Again']);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/possible duplicate of a cancellation of recordid/);
    const allowed = await cli.run([
      'cancel',
      '--recordid',
      String(recordid),
      '--reason',
      'Again',
      '--allow-duplicate',
      '--json',
    ]);
    expect(json(allowed)).toMatchObject({ state: 'accepted' });
  });

  it('an unknown recordid is rejected by the service at that field; a bad --field or date is refused before anything is sent', async () => {
    const unknown = await cli.run(['cancel', '--recordid', '999999', '--reason', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/recordid.*No such record/s);
    const badField = await cli.run(['cancel', '--recordid', String(recordid), '--reason', 'x', '--field', 'oops']);
    expect(badField.code).toBe(2);
    expect(badField.stderr).toMatch(/--field takes NAME=VALUE/);
    const unknownField = await cli.run([
      'cancel',
      '--recordid',
      String(recordid),
      '--reason',
      'x',
      '--field',
      'colour=red',
    ]);
    expect(unknownField.code).toBe(2);
    const badDate = await cli.run(['cancel', '--recordid', String(recordid), '--reason', 'x', '--date', '2026-02-30']);
    expect(badDate.code).toBe(2);
    const badSet = await cli.run(['profiles', 'set', 'Sandbox', '--cancellation-field', 'colour=c']);
    expect(badSet.code).toBe(2);
  });
});
