import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { payloadHash } from '@main/journal/payload-hash';
import { parseEntry } from '@shared/entry/schema';
import type { SendOutcome } from '@main/journal/store';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { openDeskStore } from '@test/support/desk-journal';
import { testProfile } from '@test/support/service';

const cli = useCliRig();
const ENTRY = JSON.parse(readFileSync('examples/entry.json', 'utf8')) as Record<string, string>;
/** examples/entry.json as the CLI stores it (checked and written out by the field rules). */
const STORED = (() => {
  const parsed = parseEntry(ENTRY, testProfile);
  if (!parsed.ok) throw new Error('examples/entry.json does not pass the field rules');
  return parsed.entry;
})();

/** Writes examples/entry.json (as stored) into a data folder's journal as a Sandbox send with this outcome; its id. */
async function sentBefore(home: string, outcome: SendOutcome): Promise<number> {
  const store = await openDeskStore(home, 'clerk');
  try {
    const submission = { kind: 'entry' as const, profile: 'Sandbox', operator: 'clerk', payload: STORED };
    const { row } = await store.queue({ ...submission, payloadHash: payloadHash('entry', STORED) }, true);
    if (!row) throw new Error('not queued');
    const claimed = (await store.claim(row.id, { owner: 'test', ms: 60_000 }))!;
    await store.recordOutcome(claimed, 'test', outcome);
    return row.id;
  } finally {
    await store.close();
  }
}

/** Reads a data folder's journal. */
async function inJournal<T>(home: string, read: (store: Awaited<ReturnType<typeof openDeskStore>>) => Promise<T>) {
  const store = await openDeskStore(home, 'clerk');
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

it(
  'rejected #1, the same entry keyed again and accepted as #2: #1 is superseded, and `resolve 1 --resend` is held (exit 3)',
  { timeout: CLI_TIMEOUT },
  async () => {
    const first = await sentBefore(cli.home, {
      state: 'rejected',
      code: 'invalid',
      message: 'postcode: refused',
      httpStatus: 400,
      fields: { postcode: 'refused' },
      nextAttemptAt: null,
    });
    const before = cli.sandbox.records.length;

    const keyed = await cli.run(['submit', 'examples/entry.json', '--json']);
    expect(keyed.stderr).toBe('');
    expect(keyed.code).toBe(0);
    const second = (JSON.parse(keyed.stdout) as { id: number }).id;
    expect(cli.sandbox.records.length).toBe(before + 1);
    const operator = await inJournal(cli.home, async (store) => {
      expect(await store.get(first)).toMatchObject({ state: 'superseded', supersededBy: second });
      expect(await store.get(second)).toMatchObject({ state: 'accepted', corrects: first });
      expect((await store.history(first)).at(-1)?.note).toBe(`superseded by #${second} (same policy)`);
      expect(await store.attention()).toEqual({ unknown: 0, failed: 0, rejected: 0 });
      return (await store.get(second))?.operator;
    });

    const resend = await cli.run(['resolve', String(first), '--resend']);
    expect(resend.code).toBe(3);
    expect(resend.stderr).toMatch(
      new RegExp(
        `possible duplicate of journal #${second} \\(accepted, recordid \\d+, reference ${ENTRY.reference}, .* by ${operator}\\).*--allow-duplicate`,
      ),
    );
    expect(cli.sandbox.records.length).toBe(before + 1); // the service holds one record of it
    await inJournal(cli.home, async (store) => expect((await store.get(first))?.state).toBe('superseded'));

    const confirmed = await cli.run(['resolve', String(first), '--resend', '--allow-duplicate', '--json']);
    expect(confirmed.stderr).toBe('');
    expect(confirmed.code).toBe(0);
    expect(cli.sandbox.records.length).toBe(before + 2); // a person chose to send it twice
  },
);

it(
  'a failed row whose twin was accepted meanwhile is superseded: `outbox drain` sends nothing more',
  { timeout: CLI_TIMEOUT },
  async () => {
    const desk = cli.freshHome();
    const first = await sentBefore(desk.home, {
      state: 'failed',
      code: 'network',
      message: 'connection refused',
      httpStatus: null,
      fields: null,
      nextAttemptAt: new Date(Date.now() - 1000).toISOString(),
    });
    const before = cli.sandbox.records.length;

    const held = await desk.run(['submit', 'examples/entry.json']);
    expect(held.code).toBe(3); // the failed row may still be sent: keying it again asks first
    const keyed = await desk.run(['submit', 'examples/entry.json', '--allow-duplicate', '--json']);
    expect(keyed.code).toBe(0);
    const second = (JSON.parse(keyed.stdout) as { id: number }).id;

    const drain = await desk.run(['outbox', 'drain', '--json']);
    expect(drain.code).toBe(0);
    expect(cli.sandbox.records.length).toBe(before + 1);
    await inJournal(desk.home, async (store) => {
      expect(await store.get(first)).toMatchObject({ state: 'superseded', supersededBy: second, attempts: 1 });
      expect(await store.attention()).toEqual({ unknown: 0, failed: 0, rejected: 0 });
    });
  },
);
