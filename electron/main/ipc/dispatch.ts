import type { z } from 'zod';
import { CONTRACT, type Channel, type ResponseOf } from '@shared/ipc/contract';
import { issuesToFields } from '@shared/entry/schema';
import { failure, type Result } from '@shared/ipc/result';
import { Refused, toIpcFailure } from './ipc-failure';

/** A handler per channel, given the validated request: its answer, or an expected failure as a value. */
export type Handlers = {
  [C in Channel]: (
    request: z.output<(typeof CONTRACT)[C]['request']>,
  ) => Promise<ResponseOf<C> | Refused> | ResponseOf<C> | Refused;
};

/** Answers one IPC call: unknown channel refused, request validated before any handler code, response checked. */
export type Dispatch = (channel: string, raw: unknown) => Promise<Result<unknown>>;

/** Builds the single entry point every IPC call goes through. */
export function createDispatch(handlers: Handlers): Dispatch {
  return async (channel, raw) => {
    if (!Object.hasOwn(CONTRACT, channel))
      return failure('forbidden', `Unknown channel ${String(channel).slice(0, 60)}`);
    const contract = CONTRACT[channel as Channel];
    const parsed = contract.request.safeParse(raw);
    if (!parsed.success) return failure('invalid', 'The request is not valid', issuesToFields(parsed.error.issues));
    try {
      const handler = handlers[channel as Channel] as (request: unknown) => unknown;
      const answer = await handler(parsed.data);
      if (answer instanceof Refused) return { ok: false, error: answer.error };
      const checked = contract.response.safeParse(answer);
      if (!checked.success) return failure('internal', `Feed Desk produced an invalid answer on ${channel}`);
      return { ok: true, data: checked.data };
    } catch (err) {
      return toIpcFailure(err);
    }
  };
}
