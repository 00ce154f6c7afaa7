import { z } from 'zod';

/** The closed set of error codes that cross the IPC boundary. */
export const ERROR_CODES = [
  'invalid',
  'duplicate',
  'not-found',
  'state',
  'keychain',
  'auth',
  'network',
  'rejected',
  'unknown',
  'setup',
  'forbidden',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An expected failure, as a value: code, message, and messages per field where there are any. */
export const ipcErrorSchema = z.strictObject({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** For `duplicate`: the earlier submission this one may repeat. */
  duplicate: z
    .strictObject({
      id: z.number().int(),
      state: z.string(),
      recordid: z.number().int().nullable(),
      createdAt: z.string(),
      reference: z.string().optional(),
      operator: z.string().optional(),
      /** The earlier entry's surname and postcode (for a cancellation: those of the entry it cancels). */
      surname: z.string().optional(),
      postcode: z.string().optional(),
    })
    .optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;

/** What every channel answers. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** Builds a failure value. */
export function failure(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): { ok: false; error: IpcError } {
  return { ok: false, error: fields ? { code, message, fields } : { code, message } };
}
