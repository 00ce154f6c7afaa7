/** A statement the server stopped because it waited too long, and how to say so. */
export interface Waited {
  /** One plain sentence naming the call, what it waited for, and for how long it was tried. */
  sentence(sql: string, where: string, triedMs: number, answerMs?: number): string;
}

/** SQLSTATEs of a wait cut short by the session's bounded waits (servers.ts), with what was waited for. */
const WAITS: Record<string, string> = {
  '55P03':
    'for a lock another session holds (the duplicate check of the same policy, or a row another desk is changing)',
  '57014': 'longer than a statement may run (the server may be overloaded)',
};

/** Whole seconds, for messages. */
const seconds = (ms: number) => Math.round(ms / 1000);

/** The message node-postgres gives a call it stopped waiting for (a query_timeout: db.ts). */
const NO_ANSWER = 'Query read timeout';

/**
 * Whether the desk stopped waiting for the database's answer to a call (its own time limit, a
 * little above the session's statement_timeout): most likely a commit held for a synchronous
 * standby, which statement_timeout does not cover. The call may have been carried out, or may
 * still be: its connection is discarded and the caller told, as for a connection dropped mid-way.
 */
export function unanswered(err: unknown): Waited | undefined {
  if (!(err instanceof Error) || err.message !== NO_ANSWER) return undefined;
  return {
    sentence: (sql, where, triedMs, answerMs = 0) =>
      `The office journal at ${where} kept ${callOf(sql)} waiting: the office database did not finish a commit in ${seconds(
        answerMs,
      )} s, again and again for ${seconds(
        triedMs,
      )} s: a synchronous standby may be down (ask the administrator); what the last try changed is recorded once the database finishes it.`,
  };
}

/** The journal's function a statement calls, for messages ("queue_batch"), or "a statement". */
function callOf(sql: string): string {
  return /\bfeed_desk\.([a-z_]+)\s*\(/i.exec(sql)?.[1] ?? 'a statement';
}

/** Whether an error is a bounded wait running out (lock_timeout, statement_timeout); undefined otherwise. */
export function waitedFor(err: unknown): Waited | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  const what = typeof code === 'string' ? WAITS[code] : undefined;
  if (!what) return undefined;
  return {
    sentence: (sql, where, triedMs) =>
      `The office journal at ${where} kept ${callOf(sql)} waiting ${what}, again and again for ${seconds(triedMs)} s: nothing was changed; try again later, or ask the administrator what holds it (pg_stat_activity).`,
  };
}
