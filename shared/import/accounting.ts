import { JOURNAL_STATES, type JournalState } from '../journal/states';

/** Why rows of a file were not sent, in the order a summary names them. */
export const LEFT_OUT = ['invalid', 'duplicate', 'skipped'] as const;
/** Why a row of a file was not sent. */
export type LeftOut = (typeof LEFT_OUT)[number];

const LEFT_OUT_WORDS: Record<LeftOut, string> = {
  invalid: 'not sent — invalid',
  duplicate: 'not sent — duplicates',
  skipped: 'not sent — skipped',
};

/** What a batch's summary accounts for: the rows of its file, those in the journal by state, and those left out. */
export interface BatchAccount {
  fileRows: number;
  counts: Partial<Record<JournalState, number>>;
  leftOut: Record<LeftOut, number>;
}

/**
 * Every row of a batch's file in one line, the same on the screen and the command line:
 * "300 rows: 285 accepted, 3 failed, 10 not sent — invalid, 2 not sent — duplicates".
 */
export function accountWords(account: BatchAccount): string {
  const n = (count: number) => count.toLocaleString('en-GB');
  const parts = [
    ...JOURNAL_STATES.flatMap((s) => (account.counts[s] ? [`${n(account.counts[s])} ${s}`] : [])),
    ...LEFT_OUT.flatMap((why) => (account.leftOut[why] ? [`${n(account.leftOut[why])} ${LEFT_OUT_WORDS[why]}`] : [])),
  ];
  const rows = `${n(account.fileRows)} ${account.fileRows === 1 ? 'row' : 'rows'}`;
  return parts.length ? `${rows}: ${parts.join(', ')}` : `${rows}: none sent yet`;
}
