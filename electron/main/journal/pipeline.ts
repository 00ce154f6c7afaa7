import { parseEntry } from '../../../shared/entry/schema';
import { encodeEntry } from '../../../shared/entry/wire';
import { encodeCancellation, parseCancellation, type Cancellation } from '../../../shared/entry/cancellation';
import type { EntrySchema, FieldErrors } from '../../../shared/entry/schema';
import type { Profile } from '../../../shared/profile/schema';
import type { SubmissionKind, SubmissionRow } from '../../../shared/journal/types';
import { isServiceError, outcomeOf } from '../service/errors';
import type { Connection } from '../core/connection';
import type { Journal, SendOutcome } from './journal';
import { payloadHash } from './payload-hash';
import { findDuplicate } from './duplicate-guard';

/** How failed sends are retried: exponential backoff with jitter, up to a number of attempts. */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 2_000, capMs: 300_000, maxAttempts: 8 };

/** The delay before attempt `attempts + 1`: base·2^(attempts−1), capped, with jitter in [½, 1]. */
export function backoffMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface PipelineDeps {
  journal: Journal;
  profile(name: string): Profile | undefined;
  connection(profile: Profile): Connection;
  operator: string;
  retry?: RetryPolicy;
}

/** A request to submit: raw input as typed, validated here with the shared schema. */
export interface SubmitRequest {
  kind: SubmissionKind;
  input: unknown;
  profile: string;
  /** The person saw the duplicate warning and chose to go on. */
  confirmDuplicate?: boolean;
}

/** The result of queueing: the new journal row, field errors, or a possible duplicate to confirm. */
export type SubmitResult =
  | { ok: true; row: SubmissionRow }
  | { ok: false; code: 'invalid'; fields: FieldErrors }
  | { ok: false; code: 'duplicate'; duplicate: SubmissionRow }
  | { ok: false; code: 'no-profile'; message: string };

/** Thrown for a problem that stops a send before anything leaves (no sandbox, no keychain). */
function notSent(err: unknown): SendOutcome {
  return {
    state: 'failed',
    code: 'network',
    message: (err as Error).message,
    httpStatus: null,
    fields: null,
    nextAttemptAt: null,
  };
}

/**
 * The one path every screen and the CLI uses: validate → duplicate check → queued → sending
 * (committed before the request leaves) → outcome recorded as the product's state table says.
 */
export function createPipeline(deps: PipelineDeps) {
  const retry = deps.retry ?? DEFAULT_RETRY;
  const schemaCache = new Map<string, EntrySchema>();

  function submit(req: SubmitRequest): SubmitResult {
    const profile = deps.profile(req.profile);
    if (!profile) return { ok: false, code: 'no-profile', message: `No profile named ${req.profile}` };
    const parsed =
      req.kind === 'entry'
        ? parseEntry(req.input, profile, schemaCache)
        : (() => {
            const c = parseCancellation(req.input, profile);
            return c.ok ? { ok: true as const, entry: c.cancellation } : c;
          })();
    if (!parsed.ok) return { ok: false, code: 'invalid', fields: parsed.fields };
    const payload: Record<string, string> = parsed.entry;
    const hash = payloadHash(req.kind, payload);
    if (!req.confirmDuplicate) {
      const duplicate = findDuplicate(
        deps.journal,
        req.kind,
        profile.name,
        hash,
        payload.reference ?? '',
        payload.policy ?? '',
      );
      if (duplicate) return { ok: false, code: 'duplicate', duplicate };
    }
    const row = deps.journal.insertQueued({
      kind: req.kind,
      profile: profile.name,
      operator: deps.operator,
      payload,
      payloadHash: hash,
      originalRecordid: req.kind === 'cancellation' ? Number(payload.recordid) : null,
    });
    return { ok: true, row };
  }

  async function attempt(row: SubmissionRow, profile: Profile): Promise<SendOutcome> {
    let connection: Connection;
    try {
      connection = deps.connection(profile);
    } catch (err) {
      return notSent(err);
    }
    try {
      const record =
        row.kind === 'entry'
          ? await connection.feed.createEntry(encodeEntry(row.payload as never, profile))
          : await connection.feed.createCancellation(
              profile.cancellation.path ?? '',
              encodeCancellation(row.payload as Cancellation, profile),
            );
      return { state: 'accepted', recordid: record.recordid, message: record.message, httpStatus: 201 };
    } catch (err) {
      if (!isServiceError(err)) return notSent(err);
      const { state, code } = outcomeOf(err);
      const httpStatus = 'status' in err ? err.status : null;
      const fields = err.name === 'HttpError' && Object.keys(err.summary.fields).length ? err.summary.fields : null;
      return { state, code, message: err.message, httpStatus, fields, nextAttemptAt: null };
    }
  }

  /** A claimed row and the profile to send it with. */
  type Job = { row: SubmissionRow; profile: Profile };

  /** Claims a due row (moves it to sending, committed); undefined when it is not sendable now. */
  function claim(id: number): Job | undefined {
    const current = deps.journal.get(id);
    const profile = current && deps.profile(current.profile);
    if (!current || !profile) return undefined;
    if (current.kind === 'cancellation' && !profile.cancellation.path) return undefined;
    const row = deps.journal.claim(id, process.pid);
    return row && { row, profile };
  }

  /** Records a send's outcome; a failed send gets its automatic retry time unless attempts are used up. */
  function record(job: Job, outcome: SendOutcome): SubmissionRow {
    if (outcome.state === 'failed' && job.row.attempts < retry.maxAttempts) {
      outcome.nextAttemptAt = new Date(Date.now() + backoffMs(job.row.attempts, retry)).toISOString();
    }
    return deps.journal.recordOutcome(job.row.id, outcome);
  }

  /** Sends one due row now and records the outcome; undefined when it is not sendable. */
  async function send(id: number): Promise<SubmissionRow | undefined> {
    const job = claim(id);
    return job && record(job, await attempt(job.row, job.profile));
  }

  /** Queues many submissions in one transaction (bulk import, CLI --csv); each gets its own result. */
  function submitMany(requests: readonly SubmitRequest[]): SubmitResult[] {
    return deps.journal.atomically(() => requests.map(submit));
  }

  return { submit, submitMany, claim, attempt, record, send, retry };
}

/** The submission pipeline (see createPipeline). */
export type Pipeline = ReturnType<typeof createPipeline>;
