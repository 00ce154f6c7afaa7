import type { SubmissionRow } from '@shared/journal/types';
import { stateWords } from '@shared/journal/state-words';
import { cliMoment } from './table';
import type { Core } from '../main/core/core';
import { CliFailure, EXIT, printFieldErrors, printJson } from './output';
import type { CliContext } from './context';
import type { SubmitResult } from '../main/sending/pipeline';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends a queued row, waiting for automatic retries until the deadline; returns the last state.
 * When the row is no longer ours to send (another desk or process sent it, or a person resolved
 * it), it follows the row as the journal has it, never past the deadline.
 */
export async function sendAndWait(core: Core, row: SubmissionRow, waitSeconds: number): Promise<SubmissionRow> {
  const deadline = Date.now() + waitSeconds * 1000;
  let current = row;
  for (;;) {
    const sent = await core.pipeline.send(row.id);
    current = sent ?? (await core.journal.get(row.id)) ?? current;
    // Not claimable and not being sent elsewhere: it is resolved, or waits for something we cannot do here.
    if (!sent && current.state !== 'sending') return current;
    while (current.state === 'sending' && Date.now() < deadline) {
      await sleep(250);
      current = (await core.journal.get(row.id)) ?? current;
    }
    if (current.state !== 'failed' || current.nextAttemptAt === null) return current;
    const due = Date.parse(current.nextAttemptAt);
    if (due > deadline) return current;
    await sleep(Math.max(0, due - Date.now()));
  }
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
    error_code: row.errorCode,
    fields: row.errorFields,
    next_attempt_at: row.nextAttemptAt,
    profile: row.profile,
    operator: row.operator,
    created_at: row.createdAt,
    corrects: row.corrects,
    superseded_by: row.supersededBy,
  };
}

/** Credentials refused or missing: the entry is fine and waits, so say what to fix and where. */
function credentialsAdvice(row: SubmissionRow): { headline: string; advice: string } {
  const waits =
    'the entry is kept and is sent once the profile has working credentials' +
    ` (or a person decides: \`feed-desk resolve ${row.id} --resend | --discard\`)`;
  if (row.errorCode === 'keychain') {
    return { headline: row.message ?? 'No OS keychain is available', advice: waits };
  }
  if (/^No client credentials/.test(row.message ?? '')) {
    return {
      headline: `${row.message}; save them with \`feed-desk profiles add ${row.profile} --base-url URL --client-id ID\``,
      advice: waits,
    };
  }
  return {
    headline:
      `The service refused the credentials of profile ${row.profile}: ` +
      'check its client ID and secret with `feed-desk profiles`',
    advice: waits,
  };
}

/** What a person should do next about a row that was not accepted. */
export function adviceFor(row: SubmissionRow): { headline: string; advice: string } {
  const prefix = `${stateWords(row)} [journal #${row.id}]: `;
  if (row.errorCode === 'credentials' || row.errorCode === 'keychain') {
    const { headline, advice } = credentialsAdvice(row);
    return { headline: prefix + headline, advice };
  }
  const headline = prefix + (row.message ?? '');
  const advice: Record<string, string> = {
    rejected: 'the service refused the entry: fix it and submit it again',
    failed: row.nextAttemptAt
      ? `nothing was stored; it is retried automatically (next at ${cliMoment(row.nextAttemptAt)}; \`feed-desk outbox drain\` sends what is due)`
      : `nothing was stored; it was tried ${row.attempts} times and waits for a person: \`feed-desk resolve ${row.id} --resend | --discard\``,
    unknown: `it may have been stored and will not be resent automatically; check with the service, then \`feed-desk resolve ${row.id} --resend | --accepted RECORDID | --discard\``,
    queued: 'it is queued and will be sent when the profile allows',
  };
  return { headline, advice: advice[row.state] ?? '' };
}

/** Prints a submission's final state for a person (or as JSON); returns the exit status. */
export function reportOutcome(row: SubmissionRow, json: boolean): number {
  if (json) printJson(rowJson(row));
  else if (row.state === 'accepted') {
    // A row a person marked accepted keeps the service's last (failure) message: do not show it as the outcome.
    const said = row.httpStatus === 201 ? (row.message ?? '') : 'marked accepted by a person';
    process.stdout.write(`Accepted: recordid ${row.recordid} (${said}) [journal #${row.id}]\n`);
  } else {
    const { headline, advice } = adviceFor(row);
    process.stderr.write(`feed-desk: ${headline}\n  ${advice}\n`);
    if (row.errorFields) printFieldErrors(row.errorFields);
  }
  return row.state === 'accepted' ? 0 : 1;
}

/** Possible duplicate of row `d` (its reference, recordid, when and who): nothing was sent, exit 3. */
export function duplicateFailure(d: SubmissionRow): CliFailure {
  const what = d.kind === 'cancellation' ? `a cancellation of recordid ${d.originalRecordid}: ` : '';
  const ref = d.kind === 'entry' && d.reference ? `reference ${d.reference}, ` : '';
  return new CliFailure(
    `possible duplicate of ${what}journal #${d.id} (${d.state}${d.recordid ? `, recordid ${d.recordid}` : ''}, ${ref}` +
      `${cliMoment(d.createdAt)} by ${d.operator}): nothing was sent. Use --allow-duplicate to send it anyway.`,
    { code: 'duplicate', exitCode: EXIT.duplicate, details: { duplicate: rowJson(d) } },
  );
}

/**
 * After queueing through the pipeline: sends and waits (exit 0 only when accepted), or says why
 * nothing was sent (invalid: exit 2; possible duplicate: exit 3).
 */
export async function reportSubmitted(
  ctx: CliContext,
  result: SubmitResult,
  opts: { json?: boolean; wait: number },
): Promise<void> {
  if (result.ok) {
    process.exitCode = reportOutcome(await sendAndWait(ctx.core, result.row, opts.wait), !!opts.json);
  } else if (result.code === 'invalid') {
    throw new CliFailure('It is not valid (nothing was sent):', {
      fields: result.fields,
      details: { fields: result.fields },
    });
  } else if (result.code === 'duplicate') {
    throw duplicateFailure(result.duplicate);
  } else throw new CliFailure(result.message, { code: 'unknown-profile' });
}
