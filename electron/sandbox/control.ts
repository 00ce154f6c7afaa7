import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { queuedFaultSchema, type FaultQueue } from './faults';
import type { StoredRecord } from './stored-record';
import type { TokenBook } from './tokens';
import { MAX_CONTROL_BYTES, readText, type BodyRefusal } from './body';
import { send } from './reply';
import { DATE_FORMATS, type DateFormat } from '@shared/profile/schema';

const settingsSchema = z.strictObject({
  tokenLifetimeSec: z.number().int().min(1).optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  omitExpiresIn: z.boolean().optional(),
  dateFormat: z.enum(DATE_FORMATS).optional(),
});

interface ControlState {
  faults: FaultQueue;
  records: readonly StoredRecord[];
  settings: { tokenLifetimeSec: number; latencyMs: number; omitExpiresIn: boolean; dateFormat: DateFormat };
  tokens: TokenBook;
}

/** A control body refused for its size; answered with its own status. */
class RefusedBody extends Error {
  constructor(readonly refusal: BodyRefusal) {
    super(refusal.message);
  }
}

/** Reads a JSON body of at most MAX_CONTROL_BYTES; an empty body is `{}`. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readText(req, MAX_CONTROL_BYTES);
  if (!body.ok) throw new RefusedBody(body);
  return body.text ? JSON.parse(body.text) : {};
}

/**
 * The sandbox's steering endpoints under /_sandbox/ (loopback only): queue faults, change
 * settings, read what was stored. Used by other processes (CLI tests, training).
 */
export async function handleControl(req: IncomingMessage, res: ServerResponse, state: ControlState): Promise<void> {
  const reply = (status: number, body: unknown) => send(res, status, body);
  const path = req.url ?? '';
  try {
    if (path === '/_sandbox/records' && req.method === 'GET') return reply(200, state.records);
    if (path === '/_sandbox/faults' && req.method === 'POST') {
      state.faults.add(queuedFaultSchema.parse(await readJson(req)));
      return reply(204, null);
    }
    if (path === '/_sandbox/faults' && req.method === 'DELETE') {
      state.faults.clear();
      return reply(204, null);
    }
    if (path === '/_sandbox/settings' && req.method === 'POST') {
      Object.assign(state.settings, settingsSchema.parse(await readJson(req)));
      return reply(200, state.settings);
    }
    if (path === '/_sandbox/revoke-tokens' && req.method === 'POST') {
      state.tokens.revokeAll();
      return reply(204, null);
    }
    reply(404, { message: 'Unknown sandbox control path' });
  } catch (err) {
    reply(err instanceof RefusedBody ? err.refusal.status : 400, { message: (err as Error).message });
  }
}
