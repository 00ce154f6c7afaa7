import pg from 'pg';
import type { SubmissionRow } from '../../../../shared/journal/types';
import { isUnreachable } from './errors';
import { CHANGE_CHANNEL } from './people-sql';

/** Committed changes of rows, from any desk, as the database announces them. */
export interface ChangeFeed {
  onChange(listener: (row: SubmissionRow) => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/**
 * LISTENs on a dedicated connection; for each notification (one per row per committed
 * transaction, this desk's own included) calls the listeners with the row as read after the
 * commit, in the order announced. Reads are batched when notifications come faster than they are
 * read. A dropped connection is reopened; changes made while it was down are not replayed.
 */
export async function listenForChanges(
  config: pg.ClientConfig,
  read: (ids: number[]) => Promise<Map<number, SubmissionRow>>,
  onError: (err: unknown) => void = (err) => {
    // The database going away is expected (a restart): the desk's health says so; anything else is told.
    if (!isUnreachable(err)) console.error('Feed Desk office journal:', err);
  },
): Promise<ChangeFeed> {
  const listeners = new Set<(row: SubmissionRow) => void>();
  let pending: number[] = [];
  let draining: Promise<void> | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const ids = pending;
      pending = [];
      const rows = await read([...new Set(ids)]).catch((err: unknown) => {
        onError(err);
        return new Map<number, SubmissionRow>();
      });
      for (const id of ids) {
        const row = rows.get(id);
        if (!row) continue;
        for (const listener of [...listeners]) {
          try {
            listener(row);
          } catch (err) {
            onError(err);
          }
        }
      }
    }
  }

  function announced(message: pg.Notification): void {
    // Anyone signed in may NOTIFY this channel: only a row id is taken, anything else ignored.
    if (message.channel !== CHANGE_CHANNEL || !/^\d{1,18}$/.test(message.payload ?? '') || listeners.size === 0) return;
    pending.push(Number(message.payload));
    schedule();
  }

  /**
   * One drain at a time; a notification that arrives after a drain's last look at `pending` but
   * before it has finished is picked up by the next drain started here, never left waiting.
   */
  function schedule(): void {
    draining ??= drain().finally(() => {
      draining = undefined;
      if (pending.length > 0) schedule();
    });
  }

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client(config);
    next.on('notification', announced);
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    return next;
  }

  function lost(which: pg.Client): void {
    if (closed || which !== client || timer) return;
    timer = setTimeout(() => {
      connect().then(
        (next) => {
          timer = undefined;
          if (closed) void next.end();
          else client = next;
        },
        (err: unknown) => {
          timer = undefined;
          onError(err);
          lost(which);
        },
      );
    }, RECONNECT_MS);
    timer.unref();
  }

  let client = await connect();
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      await draining;
      await client.end().catch(() => undefined);
    },
  };
}
