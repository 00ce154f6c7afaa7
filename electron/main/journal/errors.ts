/** Raised when an action does not fit a row's current state (e.g. resending an accepted entry). */
/** Why a row whose personal details were removed is never sent again (its payload is blanked). */
export const erasedWords = (id: number | string) =>
  `Journal entry ${id} had its personal details removed: it cannot be sent again (key it as a new entry)`;

export class JournalStateError extends Error {
  override readonly name = 'JournalStateError' as const;
}

/** Raised when a journal was written by a newer Feed Desk than this one (it is left untouched). */
export class JournalVersionError extends Error {
  override readonly name = 'JournalVersionError' as const;
}

/** Raised when the office database refuses an action to the signed-in user (a clerk resolving, say). */
export class OfficePermissionError extends Error {
  override readonly name = 'OfficePermissionError' as const;
}

/** Whether an error is the database refusing the signed-in user. */
export function isOfficePermissionError(err: unknown): err is OfficePermissionError {
  return err instanceof Error && err.name === 'OfficePermissionError';
}

/** Raised when the office database cannot be reached (refused, dropped, restarting) for longer than a desk waits. */
export class JournalUnreachableError extends Error {
  override readonly name = 'JournalUnreachableError' as const;
}

/** Why the office database refused a connection or a sign-in (each with its plain-words message). */
export type OfficeRefusal = 'no-tls' | 'certificate' | 'password' | 'role' | 'database' | 'access' | 'standby';

/** Raised when the office database refuses a connection or a sign-in; the message says why and what to do. */
export class OfficeConnectionError extends Error {
  override readonly name = 'OfficeConnectionError' as const;
  constructor(
    message: string,
    readonly reason: OfficeRefusal,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Raised when this computer's journal cannot be opened with the key this keychain holds (a wrong
 * or missing key), or is plain where encryption is required; the journal is left untouched.
 */
export class JournalKeyError extends Error {
  override readonly name = 'JournalKeyError' as const;
}
