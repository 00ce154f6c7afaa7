import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionView } from '../../shared/ipc/contract';
import type { JournalState } from '../../shared/journal/types';
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

function row(id: number, state: JournalState, attempts = 1): SubmissionView {
  return {
    id,
    kind: 'entry',
    profile: 'Sandbox',
    operator: 'clerk',
    payload: { reference: `REF${id}` },
    state,
    attempts,
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

  it('takes an event that came before the answer when it is further along', () => {
    const { main, followed } = setUp();
    main.change(row(7, 'sending'));
    main.change(row(7, 'accepted'));
    expect(followed.follow(row(7, 'sending')).state).toBe('accepted');
    expect(followed.row(7)?.state).toBe('accepted');
  });

  it('keeps the answer when the events before it were behind it', () => {
    const { main, followed } = setUp();
    main.change(row(7, 'sending'));
    expect(followed.follow(row(7, 'accepted')).state).toBe('accepted');
  });

  it('drops an older event that arrives after a newer answer, then follows main from its own event on', () => {
    const { main, followed } = setUp();
    followed.follow(row(8, 'failed', 1));
    main.change(row(8, 'sending', 1));
    expect(followed.row(8)?.state).toBe('failed');
    main.change(row(8, 'failed', 1));
    // A person resends it: back to queued on the same attempt, in main's order.
    main.change(row(8, 'queued', 1));
    expect(followed.row(8)?.state).toBe('queued');
    main.change(row(8, 'accepted', 2));
    expect(followed.row(8)?.state).toBe('accepted');
  });

  it('forgets early events after RECENT_ROWS other rows changed, and ignores rows it does not follow', () => {
    const { main, followed, notified } = setUp();
    main.change(row(9, 'accepted'));
    for (let id = 100; id < 100 + RECENT_ROWS; id++) main.change(row(id, 'queued'));
    expect(notified()).toBe(0);
    expect(followed.follow(row(9, 'sending')).state).toBe('sending');
    expect(notified()).toBe(1);
    main.change(row(10, 'accepted'));
    expect(followed.row(10)).toBeUndefined();
    expect(notified()).toBe(1);
  });
});
