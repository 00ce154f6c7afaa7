import type { BatchStore } from '@main/journal/store';

/**
 * A batch store whose every read of the batch's rows (not of the batch itself) is followed by
 * `claim` before the next read starts: another desk claiming rows in the widest gap two reads of a
 * batch's status can have under load.
 */
export function claimingBetweenReads(batches: BatchStore, claim: () => Promise<void>): BatchStore {
  return new Proxy(batches, {
    get(target, name: keyof BatchStore) {
      const value = target[name];
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (name !== 'get') await claim();
        return result;
      };
    },
  });
}
