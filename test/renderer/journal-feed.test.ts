import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionView } from '@shared/ipc/contract';
import type { JournalState } from '@shared/journal/types';
import { COALESCE_MS, RECENT_ROWS, createJournalFeed, type JournalEvents } from '../../renderer/src/journal-feed/feed';
import { createFollowedRows } from '../../renderer/src/journal-feed/followed-rows';

/** Stands in for the preload's `api.journal` events: what main would push, pushed by the test. */
function mainEvents() {
  const changed = new Set<(row: SubmissionView) => void>();
  const health = new Set<(h: { reachable: boolean }) => void>();
  const events: JournalEvents = {
    onChanged: (listener) => (changed.add(listener), () => void changed.delete(listener)),
    onHealth: (listener) => (health.add(listener), () => void health.delete(listener)),
  };
  return {
    events,
    listening: () => changed.size + health.size,
    change: (row: SubmissionView) => changed.forEach((l) => l(row)),
    health: (reachable: boolean) => health.forEach((l) => l({ reachable })),
  };
}

/** A row as main sends it; `revision` orders copies of one row (the store raises it on every change). */
function row(id: number, state: JournalState, revision = 1): SubmissionView {
  return {
    id,
    kind: 'entry',
    profile: 'Sandbox',
    operator: 'clerk',
    payload: { reference: `REF${id}` },
    state,
    attempts: 1,
    httpStatus: null,
    recordid: null,
    message: null,
    errorCode: null,
    errorFields: null,
    nextAttemptAt: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    finishedAt: null,
    corrects: null,
    supersededBy: null,
    revision,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('journal feed', () => {
  it('gathers a burst of 500 changes into one read again, with every row that changed', () => {
    const main = mainEvents();
    const feed = createJournalFeed(main.events);
    const reads: (readonly SubmissionView[] | null)[] = [];
    feed.onChanges((changes) => reads.push(changes));

    for (let i = 1; i <= 500; i++) main.change(row(i, 'accepted'));
    vi.advanceTimersByTime(COALESCE_MS - 1);
    expect(reads).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.map((r) => r.id)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));

    main.change(row(501, 'queued'));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(reads.map((r) => r?.length)).toEqual([500, 1]);
  });

  it('passes every row event on at once and in order, for followers', () => {
    const main = mainEvents();
    const feed = createJournalFeed(main.events);
    const seen: string[] = [];
    feed.onRow((r) => seen.push(`${r.id}:${r.state}`));
    main.change(row(1, 'sending'));
    main.change(row(2, 'queued'));
    main.change(row(1, 'accepted'));
    expect(seen).toEqual(['1:sending', '2:queued', '1:accepted']);
  });

  it('reads everything again when the office journal answers again, and says whether it answers', () => {
    const main = mainEvents();
    const feed = createJournalFeed(main.events);
    const reads: (readonly SubmissionView[] | null)[] = [];
    const health: boolean[] = [];
    feed.onChanges((changes) => reads.push(changes));
    feed.onHealth(() => health.push(feed.reachable()));

    main.health(false);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(reads).toEqual([]);
    expect(feed.reachable()).toBe(false);

    main.change(row(1, 'queued'));
    main.health(true);
    main.change(row(2, 'queued'));
    vi.advanceTimersByTime(COALESCE_MS);
    expect(reads).toEqual([null]);
    expect(health).toEqual([false, true]);
  });

  it('keeps the latest event of the last RECENT_ROWS rows that changed', () => {
    const main = mainEvents();
    const feed = createJournalFeed(main.events);
    main.change(row(1, 'sending'));
    main.change(row(1, 'accepted'));
    expect(feed.recent(1)?.state).toBe('accepted');
    for (let id = 2; id <= RECENT_ROWS; id++) main.change(row(id, 'queued'));
    expect(feed.recent(1)?.state).toBe('accepted');
    main.change(row(RECENT_ROWS + 1, 'queued'));
    expect(feed.recent(1)).toBeUndefined();
  });

  it('stops listening to main when closed', () => {
    const main = mainEvents();
    const feed = createJournalFeed(main.events);
    const reads: unknown[] = [];
    feed.onChanges((changes) => reads.push(changes));
    expect(main.listening()).toBe(2);
    main.change(row(1, 'queued'));
    feed.close();
    vi.advanceTimersByTime(COALESCE_MS);
    expect(main.listening()).toBe(0);
    expect(reads).toEqual([]);
  });
});

describe('followed rows', () => {
  function setUp() {
    const main = mainEvents();
    const feed = createJournalFeed(main.events);
    const followed = createFollowedRows(feed);
    let notified = 0;
    followed.subscribe(() => (notified += 1));
    return { main, followed, notified: () => notified };
  }

  it('takes an event that came before the answer when its revision is higher', () => {
    const { main, followed } = setUp();
    main.change(row(7, 'sending', 2));
    main.change(row(7, 'accepted', 3));
    expect(followed.follow(row(7, 'sending', 2)).state).toBe('accepted');
    expect(followed.row(7)?.state).toBe('accepted');
  });

  it('keeps the answer when the events before it have lower revisions', () => {
    const { main, followed } = setUp();
    main.change(row(7, 'sending', 2));
    expect(followed.follow(row(7, 'accepted', 3)).state).toBe('accepted');
  });

  it('drops an older event that arrives after a newer answer, then follows every higher revision', () => {
    const { main, followed } = setUp();
    followed.follow(row(8, 'failed', 3));
    main.change(row(8, 'sending', 2));
    expect(followed.row(8)?.state).toBe('failed');
    main.change(row(8, 'failed', 3));
    // A person resends it: back to queued, a state "behind" failed, at a higher revision.
    main.change(row(8, 'queued', 4));
    expect(followed.row(8)?.state).toBe('queued');
    main.change(row(8, 'accepted', 6));
    expect(followed.row(8)?.state).toBe('accepted');
    main.change(row(8, 'sending', 5));
    expect(followed.row(8)?.state).toBe('accepted');
  });

  it('forgets early events after RECENT_ROWS other rows changed, and ignores rows it does not follow', () => {
    const { main, followed, notified } = setUp();
    main.change(row(9, 'accepted', 3));
    for (let id = 100; id < 100 + RECENT_ROWS; id++) main.change(row(id, 'queued'));
    expect(notified()).toBe(0);
    expect(followed.follow(row(9, 'sending', 2)).state).toBe('sending');
    expect(notified()).toBe(1);
    main.change(row(10, 'accepted'));
    expect(followed.row(10)).toBeUndefined();
    expect(notified()).toBe(1);
  });

  it('lists the rows followed, the last followed first, each in its latest state, the same array while none changed', () => {
    const { main, followed } = setUp();
    followed.follow(row(1, 'sending', 1));
    followed.follow(row(2, 'accepted', 1));
    const listed = followed.list();
    expect(listed.map((r) => r.id)).toEqual([2, 1]);
    main.change(row(3, 'accepted'));
    expect(followed.list()).toBe(listed);

    main.change(row(1, 'accepted', 2));
    expect(followed.list().map((r) => [r.id, r.state])).toEqual([
      [2, 'accepted'],
      [1, 'accepted'],
    ]);
    // Submitted again (a resend answered with the same row): first once more.
    followed.follow(row(1, 'queued', 3));
    expect(followed.list().map((r) => [r.id, r.state])).toEqual([
      [1, 'queued'],
      [2, 'accepted'],
    ]);
  });
});
