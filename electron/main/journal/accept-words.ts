import type { JournalState } from '@shared/journal/types';

/** The reason phrases of the statuses a lost or failed answer usually has (the office journal's SQL holds the same). */
const REASONS: Readonly<Record<number, string>> = {
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The last answer a row had, in a few words: "502 Bad Gateway", "201 with an unreadable reply", "no answer". */
function lastAnswer(httpStatus: number | null): string {
  if (httpStatus === null) return 'no answer';
  if (httpStatus >= 200 && httpStatus < 300) return `${httpStatus} with an unreadable reply`;
  const reason = REASONS[httpStatus];
  return reason ? `${httpStatus} ${reason}` : `HTTP ${httpStatus}`;
}

/**
 * The message of a row a person marked accepted, keeping what the last attempt told: "Answer lost
 * (502 Bad Gateway); marked accepted by sam with recordid 7000123".
 */
export function markedAcceptedMessage(
  from: JournalState,
  httpStatus: number | null,
  actor: string,
  recordid: number,
): string {
  const what = from === 'unknown' ? 'Answer lost' : 'Not sent';
  return `${what} (${lastAnswer(httpStatus)}); marked accepted by ${actor} with recordid ${recordid}`;
}
