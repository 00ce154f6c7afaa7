import type { JournalDetail } from '@shared/ipc/contract';

type Row = JournalDetail['row'];

const CHECK_FIRST =
  'The service may have stored it. Check with the service before you resend: if it holds the entry, mark it accepted with the recordid it gave; if it does not, resend it.' +
  ' To key it again with changes, resolve it first: a rejection then offers Open as new entry.';

/** What happened to a send whose outcome is unknown, from its status code and message. */
function whatHappened(row: Row): string {
  const status = row.httpStatus;
  const message = row.message ?? '';
  if (status === null) {
    if (/interrupted/i.test(message)) return 'the sending was interrupted (the app stopped) before an answer came back';
    if (/time limit|timed? ?out/i.test(message)) return 'no answer came back before the time limit';
    return 'no answer came back (the connection dropped)';
  }
  if (status >= 200 && status < 300) {
    return `the service answered ${status} with a reply that could not be read, so its recordid is not known`;
  }
  if (status === 502 || status === 504) {
    return `the gateway in front of the service answered ${status}, which it can do after the service stored the entry`;
  }
  if (status === 500) return 'the service answered 500 (an internal error), which can come after it stored the entry';
  return `the service answered ${status}`;
}

/**
 * Why the app cannot know whether the service stored an `unknown` row, and what a person should
 * do about it, in plain words.
 */
export function explainUnknown(row: Row): string {
  return `The entry was sent but ${whatHappened(row)}. ${CHECK_FIRST}`;
}

/** Why a `failed` row has not been sent, in plain words. */
export function explainFailed(row: Row): string {
  if (row.errorCode === 'credentials') {
    return `The service refused the credentials of profile ${row.profile}. The entry waits and is sent once they are fixed in Settings.`;
  }
  if (row.errorCode === 'keychain') {
    return 'The credentials could not be read from the keychain. The entry waits and is sent once the keychain can be opened.';
  }
  const why = row.errorCode === 'busy' ? 'The service was busy' : 'The service could not be reached';
  return row.nextAttemptAt
    ? `${why}; nothing was stored. It is retried automatically.`
    : `${why}; nothing was stored. Automatic retries have stopped: resend it or discard it.`;
}
