// Closing a desk while the outbox is in the middle of a look: the look finishes (or stops) before
// the journal closes, so nothing asks a closed journal anything ("Cannot use a pool after calling
// end on the pool … at Outbox.untilNextLook" on an office desk).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openCore } from '@main/core/core';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore } from '@main/journal/store';
import { tempHome } from '@test/support/core';

it('a look in flight when the desk closes asks nothing of the journal once it is closed', async () => {
  const home = tempHome('feed-desk-outbox-shutdown-');
  const late: string[] = [];
  const errors: unknown[] = [];
  let closed = false;
  let armed = false;
  let held: (() => void) | undefined;
  /** The real journal, with expireLeases held while armed, and every call after close() noted. */
  const watched = (store: JournalStore): JournalStore =>
    new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (closed) late.push(String(key));
          if (key === 'expireLeases' && armed) await new Promise<void>((resolve) => (held = resolve));
          const result = (await (value as (...a: unknown[]) => unknown).apply(target, args)) as unknown;
          if (key === 'close') closed = true;
          return result;
        };
      },
    });
  const core = await openCore({
    home,
    sandboxUrl: () => undefined,
    journal: async (operator) => watched(createSqliteStore(join(home, 'journal.db'), operator)),
  });
  const report = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    armed = true;
    core.outbox.start();
    while (!held) await new Promise((r) => setTimeout(r, 5));
    const closing = core.close();
    await new Promise((r) => setTimeout(r, 50));
    held();
    await closing;
    await new Promise((r) => setTimeout(r, 200));
  } finally {
    console.error = report;
  }
  expect(closed).toBe(true);
  expect(late).toEqual([]);
  expect(errors).toEqual([]);
});

it('drain()’s question about the next retry, in flight when the desk closes, ends before the journal closes', async () => {
  const home = tempHome('feed-desk-outbox-shutdown-');
  let closed = false;
  let held: (() => void) | undefined;
  const answered: Array<{ closedBefore: boolean }> = [];
  const watched = (store: JournalStore): JournalStore =>
    new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          // Only drain()'s own question is held (the look's is asked inside Outbox.look).
          const caller = new Error().stack?.split('\n')[2] ?? '';
          if (key === 'nextRetryAt' && caller.includes('Outbox.drain') && !held) {
            await new Promise<void>((resolve) => (held = resolve));
            answered.push({ closedBefore: closed });
          }
          const result = (await (value as (...a: unknown[]) => unknown).apply(target, args)) as unknown;
          if (key === 'close') closed = true;
          return result;
        };
      },
    });
  const core = await openCore({
    home,
    sandboxUrl: () => undefined,
    journal: async (operator) => watched(createSqliteStore(join(home, 'journal.db'), operator)),
  });
  const errors: unknown[] = [];
  const draining = core.outbox.drain().catch((err: unknown) => errors.push(err));
  while (!held) await new Promise((r) => setTimeout(r, 5));
  const closing = core.close();
  await new Promise((r) => setTimeout(r, 50));
  expect(closed).toBe(false); // close() waits for the question in flight
  held();
  await closing;
  await draining;
  expect(answered).toEqual([{ closedBefore: false }]);
  expect(errors).toEqual([]);
});
