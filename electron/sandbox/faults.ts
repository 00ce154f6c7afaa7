import { z } from 'zod';
import type { ParsedForm } from './multipart';

const errorStatus = z.number().int().min(400).max(599);

/**
 * A misbehaviour the sandbox can be told to show, for tests, benchmarks and training.
 * - latency: wait `ms` more before answering.
 * - status: answer `status` (with `Retry-After: retryAfter` when given), before storing or, with
 *   `store`, after storing (a gateway's 502/504 after the service stored the entry).
 * - drop: close the connection before or after storing, with no answer.
 * - garbage: store, then answer 201 with a body that is not the documented record.
 * - hang: never answer (after storing, unless `store` is false).
 * - echo: answer `status` (400) with `{message}` holding the request's form fields and
 *   Authorization header as text, secrets included: a service that echoes what it received.
 */
export const faultSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('latency'), ms: z.number().int().min(0).max(120_000) }),
  z.strictObject({
    kind: z.literal('status'),
    status: errorStatus,
    store: z.boolean().default(false),
    retryAfter: z.number().int().min(0).max(86_400).optional(),
  }),
  z.strictObject({ kind: z.literal('drop'), when: z.enum(['before-store', 'after-store']) }),
  z.strictObject({ kind: z.literal('garbage') }),
  z.strictObject({ kind: z.literal('hang'), store: z.boolean().default(true) }),
  z.strictObject({ kind: z.literal('echo'), status: errorStatus.default(400) }),
]);
export type Fault = z.infer<typeof faultSchema>;

/** Which operation a fault applies to. */
export const faultTargetSchema = z.enum(['token', 'entry', 'cancellation']);
export type FaultTarget = z.infer<typeof faultTargetSchema>;

/** A queued fault: applies to the next `times` requests of its target. */
export const queuedFaultSchema = z.strictObject({
  target: faultTargetSchema,
  times: z.number().int().min(1).max(1_000_000).default(1),
  fault: faultSchema,
});
export type QueuedFault = z.input<typeof queuedFaultSchema>;

/** A first-in first-out queue of faults, each used up after its count of requests. */
export class FaultQueue {
  private readonly queue: Array<z.infer<typeof queuedFaultSchema>> = [];

  add(fault: QueuedFault): void {
    this.queue.push(queuedFaultSchema.parse(fault));
  }

  clear(): void {
    this.queue.length = 0;
  }

  /** Takes the fault for the next request of this target, if any. */
  take(target: FaultTarget): Fault | undefined {
    const index = this.queue.findIndex((f) => f.target === target);
    const item = this.queue[index];
    if (!item) return undefined;
    item.times -= 1;
    if (item.times === 0) this.queue.splice(index, 1);
    return item.fault;
  }
}

/**
 * The request as an echoing service quotes it back: its Authorization header and its form fields
 * as `name=value&…`, secrets included (the echo fault, for tests of redaction).
 */
export function echoText(authorization: string | undefined, form: ParsedForm): string {
  const fields = form.ok ? form.parts.map(([name, value]) => `${name}=${value}`).join('&') : form.message;
  return `Invalid request: ${authorization ? `Authorization: ${authorization}; ` : ''}${fields}`;
}
