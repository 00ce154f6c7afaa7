import type { SubmissionRow } from '../../shared/journal/types';
import type { Pipeline } from '../main/journal/pipeline';
import { printFieldErrors, printJson } from './output';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends a queued row, waiting for automatic retries until the deadline; returns the last state. */
export async function sendAndWait(pipeline: Pipeline, row: SubmissionRow, waitSeconds: number): Promise<SubmissionRow> {
  const deadline = Date.now() + waitSeconds * 1000;
  let current = (await pipeline.send(row.id)) ?? row;
  while (current.state === 'failed' && current.nextAttemptAt) {
    const due = Date.parse(current.nextAttemptAt);
    if (due > deadline) break;
    await sleep(Math.max(0, due - Date.now()));
    current = (await pipeline.send(row.id)) ?? current;
  }
  return current;
}

/** The JSON shape of a journal row for --json output. */
export function rowJson(row: SubmissionRow) {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    recordid: row.recordid,
    reference: row.reference,
    policy: row.policy,
    attempts: row.attempts,
    message: row.message,
    fields: row.errorFields,
    profile: row.profile,
    operator: row.operator,
    created_at: row.createdAt,
  };
}

/** Prints a submission's final state for a person (or as JSON); returns the exit status. */
export function reportOutcome(row: SubmissionRow, json: boolean): number {
  if (json) printJson(rowJson(row));
  else if (row.state === 'accepted') {
    process.stdout.write(`accepted: recordid ${row.recordid} (${row.message ?? ''}) [journal #${row.id}]\n`);
  } else {
    const advice: Record<string, string> = {
      rejected: 'fix the entry and submit it again',
      failed: 'nothing was stored; it stays queued for automatic retry (`feed-desk outbox drain`)',
      unknown: `it may have been stored and will not be resent automatically; check with the service, then \`feed-desk resolve ${row.id} --resend | --accepted RECORDID | --discard\``,
      queued: 'it is queued and will be sent when the profile allows',
    };
    process.stderr.write(
      `feed-desk: ${row.state} [journal #${row.id}]: ${row.message ?? ''}\n  ${advice[row.state] ?? ''}\n`,
    );
    if (row.errorFields) printFieldErrors(row.errorFields);
  }
  return row.state === 'accepted' ? 0 : 1;
}
