import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { parse } from 'csv-parse/sync';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { describeOfficeOnly } from '@test/support/stores';

const EMAIL = 'j.smith@example.co.uk';

describe("feed-desk privacy: a person's data on this computer", { timeout: CLI_TIMEOUT }, () => {
  const cli = useCliRig({ prefix: 'feed-desk-cli-privacy-' });
  let ids: number[] = [];

  it('finds the person by e-mail and by surname with postcode', async () => {
    for (const reference of ['REF-P-1', 'REF-P-2']) {
      const sent = await cli.run(['submit', '-', '--json'], {}, [
        Buffer.from(
          JSON.stringify({
            ...JSON.parse(readFileSync('examples/entry.json', 'utf8')),
            reference,
            policy: `FP-${reference}`,
          }),
        ),
      ]);
      expect(sent.code, sent.stderr).toBe(0);
    }
    const found = await cli.run(['privacy', 'find', 'J.SMITH@example.co.uk', '--json']);
    expect(found.code, found.stderr).toBe(0);
    const rows = JSON.parse(found.stdout) as Array<{ id: number; reference: string; payload: { email: string } }>;
    expect(rows.map((r) => [r.reference, r.payload.email])).toEqual([
      ['REF-P-1', EMAIL],
      ['REF-P-2', EMAIL],
    ]);
    ids = rows.map((r) => r.id);
    const bySurname = await cli.run(['privacy', 'find', 'smith', '--postcode', 'LS14AP']);
    expect(bySurname.code).toBe(0);
    expect(bySurname.stdout).toContain('REF-P-2');
    const nobody = await cli.run(['privacy', 'find', 'nobody@example.com']);
    expect(nobody.stdout).toBe('No submission about this person in the journal\n');
    const vague = await cli.run(['privacy', 'find', 'Smith']);
    expect(vague).toMatchObject({ code: 2, stderr: expect.stringContaining('or a surname with --postcode') });
  });

  it('exports them as CSV or JSON by the file name', async () => {
    const csv = join(cli.home, 'ann.csv');
    const run = await cli.run(['privacy', 'export', ...ids.map(String), '--out', csv]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Saved 2 submission(s)');
    const [notice, ...table] = readFileSync(csv, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(notice).toMatch(/^# Contains personal data/);
    const records = parse(table.join('\r\n'), { columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => [r.reference, r.email, r.surname])).toEqual([
      ['REF-P-1', EMAIL, 'Smith'],
      ['REF-P-2', EMAIL, 'Smith'],
    ]);
    const json = join(cli.home, 'ann.json');
    expect((await cli.run(['privacy', 'export', String(ids[0]), '--out', json])).code).toBe(0);
    const exported = JSON.parse(readFileSync(json, 'utf8')) as {
      rows: Array<{ payload: Record<string, string>; sent_as: Array<[string, string]>; history: unknown[] }>;
    };
    expect(exported.rows[0]?.payload).toMatchObject({ email: EMAIL, postcode: 'LS1 4AP' });
    expect(exported.rows[0]?.sent_as).toContainEqual(['email', EMAIL]);
    expect(exported.rows[0]?.history.length).toBeGreaterThanOrEqual(3);
    const wrong = await cli.run(['privacy', 'export', String(ids[0]), '--out', join(cli.home, 'ann.txt')]);
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining('.csv or a .json file') });
  });

  it('erases them with a reason, kept in the history', async () => {
    const noReason = await cli.run(['privacy', 'erase', String(ids[0])]);
    expect(noReason.code).toBe(2);
    const erased = await cli.run(['privacy', 'erase', ...ids.map(String), '--reason', 'erasure request 7', '--json']);
    expect(erased.code, erased.stderr).toBe(0);
    expect(JSON.parse(erased.stdout)).toEqual({ erased: 2 });
    const shown = JSON.parse((await cli.run(['journal', 'show', String(ids[0]), '--json'])).stdout) as {
      state: string;
      reference: string;
      payload: Record<string, string>;
      history: Array<{ by: string; note: string | null }>;
    };
    expect(shown).toMatchObject({ state: 'accepted', reference: 'REF-P-1' });
    expect(shown.payload).toMatchObject({ email: '', surname: '', postcode: '', reference: 'REF-P-1' });
    expect(shown.history.at(-1)).toMatchObject({
      by: userInfo().username,
      note: 'personal details erased: erasure request 7',
    });
    expect((await cli.run(['privacy', 'find', EMAIL, '--json'])).stdout).toBe('[]\n');
  });

  it('sets the retention and purges on demand', async () => {
    expect((await cli.run(['privacy', 'retention'])).stdout).toBe('Retention: off: personal details are kept\n');
    const purgeOff = await cli.run(['privacy', 'purge']);
    expect(purgeOff).toMatchObject({ code: 2, stderr: expect.stringContaining('Retention is off') });
    const bad = await cli.run(['privacy', 'retention', '0']);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('from 1 to 36500, or off; not 0') });
    const set = await cli.run(['privacy', 'retention', '30', '--json']);
    expect(JSON.parse(set.stdout)).toMatchObject({ days: 30, setBy: userInfo().username });
    expect(JSON.parse((await cli.run(['privacy', 'purge', '--json'])).stdout)).toEqual({ removed: 0 });
    const sent = await cli.run(['submit', 'examples/entry.json', '--allow-duplicate', '--json']);
    expect(sent.code).toBe(0);
    const now = await cli.run(['privacy', 'purge', '--older-than', '0']);
    expect(now.stdout).toBe('Removed the personal details of 1 settled submission(s)\n');
    expect((await cli.run(['privacy', 'retention', 'off'])).stdout).toContain('Retention: off');
  });
});

describeOfficeOnly('feed-desk privacy: a clerk of the office journal is refused', () => {
  const cli = useCliRig({
    prefix: 'feed-desk-cli-privacy-office-',
    office: { user: { user: 'clerk_cora', password: 'cora-password-1', role: 'clerk' } },
  });

  it('says so in plain words, with the code forbidden', { timeout: CLI_TIMEOUT }, async () => {
    for (const args of [
      ['privacy', 'find', EMAIL],
      ['privacy', 'erase', '1', '--reason', 'x'],
      ['privacy', 'retention', '30'],
      ['privacy', 'purge', '--older-than', '0'],
    ]) {
      const run = await cli.run([...args, '--json']);
      expect(run.code, args.join(' ')).toBe(1);
      expect(JSON.parse(run.stdout)).toEqual({
        ok: false,
        error: {
          code: 'forbidden',
          message: expect.stringMatching(/^clerk_cora is not a Feed Desk supervisor: only supervisors /),
        },
      });
    }
    expect(JSON.parse((await cli.run(['privacy', 'retention', '--json'])).stdout)).toMatchObject({ days: null });
  });
});
