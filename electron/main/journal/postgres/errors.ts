import { JournalStateError } from '../journal';

/** Raised when the office database refuses an action to the signed-in user (a clerk resolving, say). */
export class OfficePermissionError extends Error {
  override readonly name = 'OfficePermissionError' as const;
}

/** Whether an error is the database refusing the signed-in user. */
export function isOfficePermissionError(err: unknown): err is OfficePermissionError {
  return err instanceof Error && err.name === 'OfficePermissionError';
}

/** Turns the database's refusals into the journal's own errors; anything else passes unchanged. */
export function translate(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === '42501') return new OfficePermissionError(message, { cause: err });
  if (code === 'FD001') return new JournalStateError(message, { cause: err });
  return err;
}
