import { z } from 'zod';

/** A misbehaviour the sandbox can be told to show, for tests, benchmarks and training. */
export const faultSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('latency'), ms: z.number().int().min(0).max(120_000) }),
  z.strictObject({
    kind: z.literal('status'),
    status: z.number().int().min(400).max(599),
    store: z.boolean().default(false),
  }),
  z.strictObject({ kind: z.literal('drop'), when: z.enum(['before-store', 'after-store']) }),
  z.strictObject({ kind: z.literal('garbage') }),
  z.strictObject({ kind: z.literal('hang'), store: z.boolean().default(true) }),
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
