import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSendTracker } from '@main/sending/send-tracker';

/** A send the test settles by hand. */
function pending() {
  let settle!: { resolve: (value: string) => void; reject: (err: Error) => void };
  const promise = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('the send tracker', () => {
  afterEach(() => vi.useRealTimers());

  it('renews every renewMs while a send is in flight, and stops once the last one settles', async () => {
    vi.useFakeTimers();
    const renew = vi.fn();
    const tracker = createSendTracker(renew, 100);
    const first = pending();
    const second = pending();
    const tracked = [tracker.track(() => first.promise), tracker.track(() => second.promise)];
    await vi.advanceTimersByTimeAsync(250);
    expect(renew).toHaveBeenCalledTimes(2);
    first.resolve('one');
    await vi.advanceTimersByTimeAsync(100);
    expect(renew).toHaveBeenCalledTimes(3); // the second still runs
    second.reject(new Error('refused'));
    await expect(tracked[1]).rejects.toThrow('refused'); // the caller sees the send's own outcome
    await expect(tracked[0]).resolves.toBe('one');
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(3);
  });

  it('idle answers true at once with nothing in flight, and true once every send settled', async () => {
    const tracker = createSendTracker(() => undefined, 1000);
    expect(await tracker.idle(10)).toBe(true);
    const send = pending();
    void tracker.track(() => send.promise);
    const idle = tracker.idle(5000);
    send.resolve('done');
    expect(await idle).toBe(true);
  });

  it('idle waits for a send tracked while it waits, and answers false when its time runs out first', async () => {
    vi.useFakeTimers();
    const tracker = createSendTracker(() => undefined, 1000);
    const first = pending();
    const later = pending();
    void tracker.track(() => first.promise);
    const idle = tracker.idle(500);
    void tracker.track(() => later.promise);
    first.resolve('one');
    await vi.advanceTimersByTimeAsync(499);
    let answered: boolean | undefined;
    void idle.then((value) => (answered = value));
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBeUndefined(); // `later` still runs
    await vi.advanceTimersByTimeAsync(1);
    expect(await idle).toBe(false);
    later.resolve('two');
  });
});
