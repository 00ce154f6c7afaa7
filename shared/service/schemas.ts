import { z } from 'zod';

/** Seconds assumed when the token response has no expires_in (product brief). */
export const DEFAULT_EXPIRES_IN = 300;

/** POST /v1/access_token success body. expires_in is in seconds (RFC 6749). */
export const tokenResponseSchema = z.object({
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  expires_in: z.coerce.number().int().positive().optional(),
  access_token: z.string().min(1).max(8192),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** 201 body of a create operation: status 1 and an integer recordid. */
export const successRecordSchema = z.object({
  status: z.coerce.number().pipe(z.literal(1)),
  message: z.string().default(''),
  recordid: z.coerce.number().int().positive(),
});
export type SuccessRecord = z.infer<typeof successRecordSchema>;

/** What we try to read from an error body of unknown shape. */
export const errorBodySchema = z
  .object({
    message: z.string().optional(),
    error: z.union([z.string(), z.object({ message: z.string().optional() }).loose()]).optional(),
    error_description: z.string().optional(),
    errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
    fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  })
  .loose();

/** A service error reduced to a message and, where the body names fields, per-field messages. */
export interface ServiceErrorSummary {
  message: string;
  fields: Record<string, string>;
}

/** Reads an error body: JSON message/error text and named fields, else the first 500 characters. */
export function summariseErrorBody(status: number, text: string): ServiceErrorSummary {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const snippet = text.trim().slice(0, 500);
    return { message: snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status} with an empty body`, fields: {} };
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) return { message: `HTTP ${status}: ${text.slice(0, 500)}`, fields: {} };
  const body = parsed.data;
  const errorText = typeof body.error === 'string' ? body.error : body.error?.message;
  const message = body.message ?? body.error_description ?? errorText ?? `HTTP ${status}`;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...body.fields, ...body.errors })) {
    fields[name] = Array.isArray(value) ? value.join('; ') : value;
  }
  return { message: `HTTP ${status}: ${message}`, fields };
}
