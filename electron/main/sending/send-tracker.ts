/**
 * Keeps every send in flight, from any screen, the outbox or the CLI, in one place: while any
 * runs, `renew` is called every `renewMs` (to extend leases); `idle` waits for all of them.
 */
export function createSendTracker(renew: () => void, renewMs: number) {
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;

  function track<T>(send: () => Promise<T>): Promise<T> {
    const promise = send();
    inFlight.add(promise);
    timer ??= setInterval(renew, renewMs);
    const settle = () => {
      inFlight.delete(promise);
      if (inFlight.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    };
    promise.then(settle, settle);
    return promise;
  }

  /** Resolves once no send is in flight, or after `timeoutMs`; true when everything settled. */
  async function idle(timeoutMs: number): Promise<boolean> {
    let timeout: NodeJS.Timeout | undefined;
    const expired = new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), timeoutMs)));
    while (inFlight.size > 0) {
      const settled = await Promise.race([Promise.allSettled([...inFlight]).then(() => true), expired]);
      if (!settled) return false;
    }
    clearTimeout(timeout);
    return true;
  }

  return { track, idle };
}
