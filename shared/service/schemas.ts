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

export { summariseErrorBody, type ServiceErrorSummary } from './error-body';
