import type { SubmissionKind } from '@shared/journal/types';
import { JournalStateError } from '../journal/errors';
import type { SubmitResult } from './pipeline';
import type { JournalStore } from '../journal/store';

/** A submission that corrects an earlier row: which row, and what it is submitted as. */
export interface Correction {
  corrects: number;
  kind: SubmissionKind;
  profile: string;
}

/**
 * Submits a correction of an earlier rejected or failed row: the row is checked first (nothing is
 * queued when it cannot be corrected, nor when an office clerk names another clerk's row), then the new row is queued and linked to it before anyone
 * waits on its outcome. The link supersedes the earlier row once the new one is accepted, even if
 * a sender accepted it in between (the store settles that in the link's transaction).
 */
export async function submitCorrection(
  journal: JournalStore,
  correction: Correction,
  submit: () => Promise<SubmitResult>,
): Promise<SubmitResult> {
  const { corrects } = correction;
  const original = await journal.get(corrects);
  if (!original) throw new JournalStateError(`No journal entry ${corrects}: there is nothing to correct`);
  if (original.state !== 'rejected' && original.state !== 'failed') {
    throw new JournalStateError(
      `Journal entry ${corrects} is ${original.state}: only a rejected or failed entry is corrected`,
    );
  }
  if (original.kind !== correction.kind || original.profile !== correction.profile) {
    throw new JournalStateError(
      `Journal entry ${corrects} is ${original.kind === 'entry' ? 'an entry' : 'a cancellation'} of profile ` +
        `${original.profile}: its correction goes to the same profile`,
    );
  }
  const { location } = journal;
  if (location.role === 'clerk' && original.operator !== location.user) {
    throw new JournalStateError(
      `Journal entry ${corrects} was queued by ${original.operator}: a clerk corrects only their own entries ` +
        '(a supervisor may correct anyone’s); submit it as a new entry instead',
    );
  }
  const result = await submit();
  if (!result.ok) return result;
  return { ok: true, row: await journal.linkCorrection(result.row.id, corrects) };
}
