import { afterEach, describe, expect, it } from 'vitest';
import type { SubmissionView } from '@shared/ipc/contract';
import type { Result } from '@shared/ipc/result';
import type { Changes } from '../../renderer/src/journal-feed/feed';
import { liveHooks, type Live } from '../../renderer/src/journal-feed/live-read';
import { renderHooks, settle } from '../support/render-hooks';

/** Stands in for the journal feed's `onChanges`: counts who subscribes, and tells them of a burst when the test says. */
function changesSource() {
  const listeners = new Set<(changes: Changes) => void>();
  let subscribed = 0;
  let unsubscribed = 0;
  return {
    onChanges(listener: (changes: Changes) => void) {
      subscribed += 1;
      listeners.add(listener);
      return () => {
        unsubscribed += 1;
        listeners.delete(listener);
      };
    },
    burst: (changes: Changes) => [...listeners].forEach((l) => l(changes)),
    counts: () => ({ subscribed, unsubscribed, listening: listeners.size }),
  };
}

/** A row of the journal, as a burst names it. */
const changed = (id: number) => ({ id }) as SubmissionView;

/** A read that answers with 1, 2, 3… one per call. */
function counter() {
  let reads = 0;
  return {
    load: async (): Promise<Result<number>> => ({ ok: true, data: ++reads }),
    reads: () => reads,
  };
}

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

describe('useLive', () => {
  it('subscribes to journal changes once, however often its data changes', async () => {
    const source = changesSource();
    const { useLive } = liveHooks(source.onChanges);
    const read = counter();
    const shown: (number | null)[] = [];
    ({ unmount } = await renderHooks(() => {
      shown.push(useLive(read.load).data);
      return null;
    }));
    await settle();
    for (let i = 0; i < 3; i++) {
      source.burst([changed(1)]);
      await settle();
    }

    expect(read.reads()).toBe(4);
    expect(shown.at(-1)).toBe(4);
    expect(source.counts()).toEqual({ subscribed: 1, unsubscribed: 0, listening: 1 });
    await unmount?.();
    unmount = undefined;
    expect(source.counts()).toEqual({ subscribed: 1, unsubscribed: 1, listening: 0 });
  });

  it('asks which changes matter with the value shown now, still subscribed once', async () => {
    const source = changesSource();
    const { useLive } = liveHooks(source.onChanges);
    const read = counter();
    // Only a change to the row whose id is the value shown matters.
    const isAffectedBy = (row: SubmissionView, data: number | null) => row.id === data;
    let live: Live<number> | undefined;
    ({ unmount } = await renderHooks(() => {
      live = useLive(read.load, isAffectedBy);
      return null;
    }));
    await settle();
    expect(live?.data).toBe(1);

    // Each burst names one row; after it, how many reads there were and the value shown.
    const steps: [changedRow: number, reads: number, shown: number][] = [
      [2, 1, 1],
      [1, 2, 2],
      [1, 2, 2],
      [2, 3, 3],
      [3, 4, 4],
    ];
    for (const [row, reads, shown] of steps) {
      source.burst([changed(row)]);
      await settle();
      expect([read.reads(), live?.data]).toEqual([reads, shown]);
    }
    expect(source.counts().subscribed).toBe(1);
  });
});

describe('useRead', () => {
  it('reads once per load and never after journal changes', async () => {
    const source = changesSource();
    const { useRead } = liveHooks(source.onChanges);
    const read = counter();
    let live: Live<number> | undefined;
    ({ unmount } = await renderHooks(() => {
      live = useRead(read.load);
      return null;
    }));
    await settle();
    source.burst(null);
    await settle();

    expect(live?.data).toBe(1);
    expect(read.reads()).toBe(1);
    expect(source.counts().subscribed).toBe(0);
  });

  it('reads nothing while there is nothing to read', async () => {
    const { useRead } = liveHooks(changesSource().onChanges);
    let live: Live<number> | undefined;
    ({ unmount } = await renderHooks(() => {
      live = useRead<number>(null);
      return null;
    }));
    await settle();
    expect(live).toMatchObject({ data: null, error: null });
  });
});
