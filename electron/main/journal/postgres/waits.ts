/** A statement the server stopped because it waited too long, and how to say so. */
export interface Waited {
  /** One plain sentence naming the call, what it waited for, and for how long it was tried. */
  sentence(sql: string, where: string, triedMs: number): string;
}

/** SQLSTATEs of a wait cut short by the session's bounded waits (servers.ts), with what was waited for. */
const WAITS: Record<string, string> = {
  '55P03':
    'for a lock another session holds (the duplicate check of the same reference and policy, or a row another desk is changing)',
  '57014': 'longer than a statement may run (the server may be waiting for a standby, or be overloaded)',
};

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
      `The office journal at ${where} kept ${callOf(sql)} waiting ${what}, again and again for ${Math.round(
        triedMs / 1000,
      )} s: nothing was changed; try again later, or ask the administrator what holds it (pg_stat_activity).`,
  };
}
