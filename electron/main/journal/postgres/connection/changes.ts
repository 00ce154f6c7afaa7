import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SubmissionRow } from '@shared/journal/types';
import { isUnreachable } from './errors';
import { CHANGE_CHANNEL } from '../schema/names';

/** Committed changes of rows, from any desk, as the database announces them. */
export interface ChangeFeed {
  onChange(listener: (row: SubmissionRow) => void): () => void;
  close(): Promise<void>;
}

/** How the feed checks that announcements reach it: another connection announces a probe. */
export interface FeedProbe {
  /** Sends pg_notify(CHANGE_CHANNEL, payload) on a connection other than the listening one. */
  announce(payload: string): Promise<void>;
  /** How long to wait for the probe (3 s by default). */
  waitMs?: number;
}

const RECONNECT_MS = 1_000;
/** The most ids one announcement carries (feed_desk.announce sends parts of 300): more is not ours. */
const IDS_PER_ANNOUNCEMENT = 300;
const PROBE_MS = 3_000;

/** Raised when a probe announced on the channel never reached the listening connection (a pooler in between). */
export class FeedDeafError extends Error {
  override readonly name = 'FeedDeafError' as const;
}

/**
 * LISTENs on a dedicated connection; for each notification (the ids of the rows a committed
 * statement changed, comma-separated; this desk's own included) calls the listeners with the row as read after the
 * commit, in the order announced. Reads are batched when notifications come faster than they are
 * read. A dropped connection is reopened; changes made while it was down are not replayed. With a
 * probe, the first connection must hear one announcement made elsewhere, else FeedDeafError (a
 * pooler in transaction mode passes LISTEN on but never what is announced to it).
 */
export async function listenForChanges(
  open: () => Promise<pg.Client>,
  read: (ids: number[]) => Promise<Map<number, SubmissionRow>>,
  onError: (err: unknown) => void = (err) => {
    // The database going away is expected (a restart): the desk's health says so; anything else is told.
    if (!isUnreachable(err)) console.error('Feed Desk office journal:', err);
  },
  probe?: FeedProbe,
): Promise<ChangeFeed> {
  const listeners = new Set<(row: SubmissionRow) => void>();
  /** Ids announced and not yet read: each pushed once per drain, however often it was announced. */
  let pending = new Set<number>();
  let draining: Promise<void> | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  async function drain(): Promise<void> {
    while (pending.size > 0) {
      const ids = [...pending];
      pending = new Set();
      const rows = await read(ids).catch((err: unknown) => {
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

  let probing: { payload: string; heard: () => void } | undefined;
  function announced(message: pg.Notification): void {
    if (probing && message.channel === CHANGE_CHANNEL && message.payload === probing.payload) probing.heard();
    // Anyone signed in may NOTIFY this channel: only row ids (comma-separated) are taken, anything else ignored.
    if (
      message.channel !== CHANGE_CHANNEL ||
      !/^\d{1,18}(,\d{1,18})*$/.test(message.payload ?? '') ||
      listeners.size === 0
    )
      return;
    const ids = new Set(message.payload!.split(',').map(Number));
    // What one announcement can cost is bounded: at most one part's worth of distinct rows.
    if (ids.size > IDS_PER_ANNOUNCEMENT) return;
    for (const id of ids) pending.add(id);
    schedule();
  }

  /**
   * One drain at a time; a notification that arrives after a drain's last look at `pending` but
   * before it has finished is picked up by the next drain started here, never left waiting.
   */
  function schedule(): void {
    draining ??= drain().finally(() => {
      draining = undefined;
      if (pending.size > 0) schedule();
    });
  }

  async function connect(): Promise<pg.Client> {
    const next = await open();
    next.on('notification', announced);
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    // A connection that cannot listen is closed, never left open (it would keep the process alive).
    await next.query(`LISTEN ${CHANGE_CHANNEL}`).catch(async (err: unknown) => {
      await next.end().catch(() => undefined);
      throw err;
    });
    return next;
  }

  /** Announces a probe from elsewhere and waits for it here; closes the connection if it never comes. */
  async function check(listening: pg.Client, { announce, waitMs = PROBE_MS }: FeedProbe): Promise<void> {
    const payload = `probe ${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = await new Promise<boolean>((resolve, reject) => {
      probing = { payload, heard: () => resolve(true) };
      timer = setTimeout(() => resolve(false), waitMs);
      announce(payload).catch(reject);
    }).finally(() => {
      probing = undefined;
      clearTimeout(timer);
    });
    if (!heard) {
      closed = true;
      await listening.end().catch(() => undefined);
      throw new FeedDeafError(`no announcement reached the listening connection within ${waitMs} ms`);
    }
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
  if (probe) await check(client, probe);
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
