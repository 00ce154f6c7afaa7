import { ZodError } from 'zod';
import { issuesToFields } from '@shared/entry/schema';
import { failure, type ErrorCode, type IpcError } from '@shared/ipc/result';
import { isServiceError, outcomeOf, type FailureCode } from '../service/errors';
import { isUnreachable, whyUnreachable } from '../journal/office/admin';

/** Thrown by a handler for an expected failure; the dispatcher turns it into `{ ok: false, error }`. */
export class IpcFailure extends Error {
  override readonly name = 'IpcFailure' as const;
  constructor(readonly error: IpcError) {
    super(error.message);
  }
}

/**
 * An expected failure a handler answers with, as a value (no throw): the dispatcher passes its
 * error on as `{ ok: false, error }` unchanged.
 */
export class Refused {
  constructor(readonly error: IpcError) {}
}

/** An expected failure as the value a handler answers with (see Refused). */
export function refuse(code: ErrorCode, message: string, fields?: Record<string, string>): Refused {
  return new Refused(failure(code, message, fields).error);
}

/** Shorthand for throwing an expected failure from a handler. */
export function fail(code: ErrorCode, message: string, fields?: Record<string, string>): never {
  throw new IpcFailure(failure(code, message, fields).error);
}

const BY_NAME: Record<string, ErrorCode> = {
  KeychainUnavailableError: 'keychain',
  KeychainItemError: 'keychain',
  ProfileError: 'invalid',
  JournalStateError: 'state',
  OfficePermissionError: 'forbidden',
  OfficeSetupError: 'setup',
  JournalSettingsError: 'setup',
  OfficeTlsError: 'setup',
  JournalUnreachableError: 'network',
  OfficeConnectionError: 'setup',
  ConnectionSetupError: 'setup',
  TableReadError: 'invalid',
};

const BY_OUTCOME: Record<FailureCode, ErrorCode> = {
  rejected: 'rejected',
  network: 'network',
  busy: 'network',
  unknown: 'unknown',
  credentials: 'auth',
  keychain: 'keychain',
};

/** The one mapping from a thrown error to an IPC failure value; unexpected errors say nothing internal. */
export function toIpcFailure(err: unknown): { ok: false; error: IpcError } {
  if (err instanceof IpcFailure) return { ok: false, error: err.error };
  if (err instanceof ZodError) return failure('invalid', 'Some fields need attention', issuesToFields(err.issues));
  if (isServiceError(err)) {
    const fields = err.name === 'HttpError' && Object.keys(err.summary.fields).length ? err.summary.fields : undefined;
    return failure(BY_OUTCOME[outcomeOf(err).code], err.message, fields);
  }
  if (isUnreachable(err)) {
    return failure('network', `The office journal cannot be reached (${whyUnreachable(err)}): nothing was sent.`);
  }
  const code = err instanceof Error ? BY_NAME[err.name] : undefined;
  if (code) return failure(code, (err as Error).message);
  return failure('internal', 'Something went wrong inside Feed Desk; nothing was lost. Please try again.');
}
