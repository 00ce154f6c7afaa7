import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_TIMEOUT, type CliRun } from '@test/support/cli';
import { cliHome, useCliRig } from '@test/support/cli-rig';

const cli = useCliRig({ prefix: 'feed-desk-cli-errors-' });
/** A data folder with no sandbox running. */
const idle = cliHome({ prefix: 'feed-desk-cli-idle-' });

/** The one JSON object a --json run printed on stdout. */
function jsonOf(run: CliRun): { ok?: boolean; error?: { code: string; message: string } } & Record<string, unknown> {
  const lines = run.stdout.trim().split('\n');
  expect(lines, run.stdout).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as never;
}

/** Exactly one line on stderr, nothing on stdout. */
function oneLine(run: CliRun): string {
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
  return run.stderr;
}

function file(name: string, content: string | Buffer): string {
  const path = join(idle.home, name);
  writeFileSync(path, content);
  return path;
}

describe('bad option values: one plain line, exit 2 (issue 13 defect 1)', { timeout: CLI_TIMEOUT }, () => {
  it('refuses a date that is not on the calendar without printing zod issues', async () => {
    const run = await cli.run(['journal', '--since', '2026-02-30']);
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(
      /^feed-desk: --since takes a date on the calendar as YYYY-MM-DD; 2026-02-30 is not one\n$/,
    );
  });

  it.each([
    [['journal', '--since', '2026-2-3'], /--since takes a date/],
    [['journal', '--limit', '0'], /--limit takes a whole number from 1 to 1000/],
    [['journal', '--limit', 'ten'], /--limit takes a whole number/],
    [['journal', '--format', 'xml'], /--format takes table, csv, json, xlsx, results; not xml/],
    [['journal', '--state', 'nonsense'], /--state takes queued, sending/],
    [['submit', 'examples/entry.json', '--wait', '-1'], /--wait takes a number of seconds/],
    [['resolve', 'abc', '--discard'], /the journal id takes a whole number/],
    [['resolve', '1', '--accepted', 'x'], /--accepted takes a whole number/],
    [['journal', 'show', '0'], /the journal id takes a whole number from 1/],
    [['sandbox', '--port', '70000'], /--port takes a whole number from 0 to 65535/],
    [['journal', '--bogus'], /unknown option '--bogus' \(see `feed-desk journal --help`\)/],
  ])('%j', async (args, message) => {
    const run = await cli.run(args);
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(message);
  });
});

describe(
  '--json: every outcome is one JSON object on stdout, exit status unchanged (defect 5)',
  { timeout: CLI_TIMEOUT },
  () => {
    it.each([
      ['a missing entry file', ['submit', 'no-such-file.json'], 2, 'unreadable', /Cannot read no-such-file.json/],
      [
        'an unknown profile',
        ['submit', 'examples/entry.json', '--profile', 'Nope'],
        2,
        'unknown-profile',
        /No profile named Nope/,
      ],
      ['a bad option value', ['journal', '--since', '2026-02-30', '--json'], 2, 'invalid', /--since takes a date/],
      ['an unknown option', ['outbox', 'list', '--bogus'], 2, 'usage', /unknown option '--bogus'/],
      ['resolve of a row that does not exist', ['resolve', '999', '--discard'], 2, 'not-found', /No journal entry 999/],
      ['resolve without a decision', ['resolve', '1'], 2, 'invalid', /Give exactly one of/],
      ['journal show of a row that does not exist', ['journal', 'show', '999'], 2, 'not-found', /No journal entry 999/],
    ] as const)('%s', async (_, args, code, errorCode, message) => {
      const [text, json] = await Promise.all([
        cli.run([...args]),
        cli.run((args as readonly string[]).includes('--json') ? [...args] : [...args, '--json']),
      ]);
      expect(text.code).toBe(code);
      expect(json.code).toBe(code);
      expect(json.stderr).toBe('');
      const out = jsonOf(json);
      expect(out).toEqual({ ok: false, error: { code: errorCode, message: expect.stringMatching(message) } });
    });

    it('reports an invalid entry with its fields, and a duplicate with the earlier row', async () => {
      const bad = file('bad.json', JSON.stringify({ account_code: 'A', reference: 'R', surname: 'S', policy: 'P' }));
      const invalid = await cli.run(['submit', bad, '--json']);
      expect(invalid.code).toBe(2);
      expect(jsonOf(invalid)).toMatchObject({
        ok: false,
        error: { code: 'invalid', fields: { postcode: expect.any(String) } },
      });
      expect((await cli.run(['submit', 'examples/entry.json'])).code).toBe(0);
      const duplicate = await cli.run(['submit', 'examples/entry.json', '--json']);
      expect(duplicate.code).toBe(3);
      expect(jsonOf(duplicate)).toMatchObject({
        ok: false,
        error: { code: 'duplicate', message: expect.stringMatching(/possible duplicate/), duplicate: { id: 1 } },
      });
    });

    it('reports a resolve the row does not allow, and the sandbox not running', async () => {
      const refused = await cli.run(['resolve', '1', '--discard', '--json']);
      expect(refused.code).toBe(2);
      expect(jsonOf(refused)).toMatchObject({
        ok: false,
        error: { code: 'state', message: expect.stringMatching(/accepted/) },
      });
      const down = await idle.run(['submit', 'examples/entry.json', '--json']);
      expect(down.code).toBe(1);
      expect(jsonOf(down)).toMatchObject({ ok: false, error: { code: 'not-ready' } });
    });
  },
);

describe('an unknown profile is refused everywhere, exit 2 (defect 6)', { timeout: CLI_TIMEOUT }, () => {
  it.each([
    [['journal', '--profile', 'Nope']],
    [['journal', '--profile', 'Nope', '--format', 'csv']],
    [['submit', 'examples/entry.json', '--profile', 'Nope']],
    [['profiles', 'test', 'Nope']],
    [['profiles', 'use', 'Nope']],
    [['profiles', 'remove', 'Nope']],
  ])('%j', async (args) => {
    const run = await cli.run(args);
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(/No profile named Nope; see `feed-desk profiles list`/);
  });

  it('refuses FEED_DESK_PROFILE naming no profile', async () => {
    const run = await cli.run(['submit', 'examples/entry.json'], { FEED_DESK_PROFILE: 'Nope' });
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(/No profile named Nope/);
  });
});

describe('the entry is checked before the connection (issue 7 item 13)', { timeout: CLI_TIMEOUT }, () => {
  it('names a file holding a JSON array, with no sandbox running', async () => {
    const run = await idle.run(['submit', file('array.json', '[{"surname":"Smith"}]')]);
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(/holds an array; give one entry as a JSON object/);
    expect(run.stderr).not.toMatch(/sandbox is not running/);
  });

  it('lists the fields of an entry with wrong types, with no sandbox running', async () => {
    const entry = JSON.parse(readFileSync('examples/entry.json', 'utf8')) as Record<string, unknown>;
    const run = await idle.run(['submit', file('types.json', JSON.stringify({ ...entry, surname: 42, email: true }))]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not a valid entry \(nothing was sent\)/);
    expect(run.stderr).toMatch(/surname\s+\S/);
    expect(run.stderr).toMatch(/email\s+\S/);
    expect(run.stderr).not.toMatch(/sandbox is not running/);
  });

  it('still says the sandbox is not running for a valid entry, and that both must share FEED_DESK_HOME', async () => {
    const run = await idle.run(['submit', 'examples/entry.json']);
    expect(run.code).toBe(1);
    expect(oneLine(run)).toMatch(/The sandbox is not running.*FEED_DESK_HOME=.*both must use the same/);
  });
});

describe('the entry read is bounded and decoded whole (issue 7 item 12)', { timeout: CLI_TIMEOUT }, () => {
  it('refuses an entry file over 1 MiB with a clear message', async () => {
    const big = file('big.json', JSON.stringify({ surname: 'x'.repeat(1024 * 1024) }));
    const run = await idle.run(['submit', big]);
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(/big.json is larger than 1 MiB/);
  });

  it('refuses more than 1 MiB on stdin', async () => {
    const run = await idle.run(['submit', '-'], {}, JSON.stringify({ surname: 'x'.repeat(1024 * 1024) }));
    expect(run.code).toBe(2);
    expect(oneLine(run)).toMatch(/The entry on standard input is larger than 1 MiB/);
  });

  it('keeps a multi-byte character that arrives split across two chunks of stdin', async () => {
    const entry = JSON.parse(readFileSync('examples/entry.json', 'utf8')) as Record<string, unknown>;
    const bytes = Buffer.from(
      JSON.stringify({ ...entry, reference: 'REF-UTF8-1', policy: 'FP-UTF8-1', surname: 'Zoë Brontë' }),
      'utf8',
    );
    const split = bytes.indexOf(Buffer.from('ë', 'utf8')) + 1; // between the two bytes of ë
    const run = await cli.run(['submit', '-'], {}, [bytes.subarray(0, split), bytes.subarray(split)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(new Map(cli.sandbox.records.at(-1)?.parts).get('surname')).toBe('Zoë Brontë');
  });
});
