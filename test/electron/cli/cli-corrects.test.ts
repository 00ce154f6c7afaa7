import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { payloadHash } from '@main/journal/payload-hash';
import { CLI_TIMEOUT } from '@test/support/cli';
import { useCliRig } from '@test/support/cli-rig';
import { openDeskStore } from '@test/support/desk-journal';

const cli = useCliRig();

/** The journal of the CLI's data folder, opened here as the app would (closed by the caller). */
const journal = () => openDeskStore(cli.home, 'clerk');

/** A Sandbox entry the service refused, written straight into the journal; its id. */
async function rejectedEntry(): Promise<number> {
  const store = await journal();
  try {
    const payload = JSON.parse(readFileSync('examples/entry.json', 'utf8')) as Record<string, string>;
    const submission = { kind: 'entry' as const, profile: 'Sandbox', operator: 'clerk', payload };
    const { row } = await store.queue({ ...submission, payloadHash: payloadHash('entry', payload) }, true);
    if (!row) throw new Error('not queued');
    const claimed = (await store.claim(row.id, { owner: 'test', ms: 60_000 }))!;
    const outcome = { state: 'rejected', code: 'invalid', message: 'postcode: refused', httpStatus: 400 } as const;
    await store.recordOutcome(claimed, 'test', { ...outcome, fields: { postcode: 'refused' }, nextAttemptAt: null });
    expect(await store.attention()).toMatchObject({ rejected: 1 });
    return row.id;
  } finally {
    await store.close();
  }
}

it(
  'submit --corrects ID: once the correction is accepted the rejected entry is superseded, and both name each other',
  { timeout: CLI_TIMEOUT },
  async () => {
    const original = await rejectedEntry();

    const refused = await cli.run(['submit', 'examples/entry.json', '--corrects', '999']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('No journal entry 999');

    const run = await cli.run(['submit', 'examples/entry.json', '--corrects', String(original), '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { id: number; state: string; corrects: number | null };
    expect(printed).toMatchObject({ state: 'accepted', corrects: original });

    const store = await journal();
    try {
      expect(await store.get(original)).toMatchObject({ state: 'superseded', supersededBy: printed.id });
      expect(await store.attention()).toEqual({ unknown: 0, failed: 0, rejected: 0 });
      expect((await store.history(original)).at(-1)?.note).toBe(`superseded by #${printed.id}`);
      expect((await store.list({})).total).toBe(2); // the refused --corrects queued nothing
    } finally {
      await store.close();
    }
  },
);
