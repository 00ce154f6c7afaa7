import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { Refused, refuse } from '../ipc-failure';
import { toView } from './views';
import type { SubmitRequest } from '../../sending/pipeline';
import type { SubmissionRow } from '@shared/journal/types';
import { submitCorrection } from '../../sending/correction-submit';

/**
 * Who a duplicate is about, for the clerk to recognise: the surname and postcode of the earlier
 * entry, or, for an earlier cancellation, of the entry it cancels.
 */
async function whoseDuplicate(core: Core, d: SubmissionRow): Promise<{ surname: string; postcode: string }> {
  const { rows } =
    d.kind === 'entry' || d.originalRecordid === null
      ? { rows: [d] }
      : await core.journal.list({ recordid: d.originalRecordid, kind: 'entry', profile: d.profile, limit: 1 });
  const entry = rows[0];
  return { surname: entry?.surname ?? '', postcode: entry?.payload.postcode ?? '' };
}

/** The `duplicate` answer, naming the earlier row (reference, recordid, when, who) for the confirming dialog. */
export async function refuseDuplicate(core: Core, d: SubmissionRow): Promise<Refused> {
  const what =
    d.kind === 'cancellation' ? `a cancellation of recordid ${d.originalRecordid}` : `journal entry #${d.id}`;
  return new Refused({
    code: 'duplicate',
    message: `This looks like ${what} (#${d.id}, ${d.state}${d.recordid ? `, recordid ${d.recordid}` : ''}).`,
    duplicate: {
      id: d.id,
      state: d.state,
      recordid: d.recordid,
      createdAt: d.createdAt,
      reference: d.reference,
      operator: d.operator,
      ...(await whoseDuplicate(core, d)),
    },
  });
}

/**
 * Queues a submission, sends it once now (the outbox retries what needs it), and answers with the
 * row; the pipeline's refusals become the IPC answer here, once, as values.
 */
async function submitAndSend(core: Core, request: SubmitRequest, corrects?: number) {
  const submit = () => core.pipeline.submit(request);
  const result = corrects ? await submitCorrection(core.journal, { corrects, ...request }, submit) : await submit();
  if (!result.ok && result.code === 'invalid') return refuse('invalid', 'Some fields need attention', result.fields);
  if (!result.ok && result.code === 'duplicate') return refuseDuplicate(core, result.duplicate);
  if (!result.ok) return refuse('not-found', result.message);
  const sent = await core.pipeline.send(result.row.id);
  core.outbox.kick();
  return toView(sent ?? result.row);
}

/** Entry, cancellation and draft handlers: every submission goes through the pipeline. */
export function entryHandlers(
  core: Core,
): Pick<Handlers, 'entries:submit' | 'cancellations:submit' | 'drafts:get' | 'drafts:save' | 'drafts:delete'> {
  return {
    'entries:submit': ({ profile, input, confirmDuplicate, corrects }) =>
      submitAndSend(core, { kind: 'entry', input, profile, confirmDuplicate }, corrects),
    'cancellations:submit': ({ profile, input, confirmDuplicate }) =>
      submitAndSend(core, { kind: 'cancellation', input, profile, confirmDuplicate }),
    async 'drafts:get'({ screen }) {
      const draft = await core.journal.drafts.get(screen);
      const payload = draft && typeof draft.payload === 'object' ? (draft.payload as Record<string, string>) : null;
      return { payload, corrects: draft?.corrects ?? null, updatedAt: draft?.updatedAt ?? null };
    },
    async 'drafts:save'({ screen, profile, payload, corrects }) {
      await core.journal.drafts.save(screen, profile, payload, corrects ?? null);
      return {};
    },
    async 'drafts:delete'({ screen }) {
      await core.journal.drafts.delete(screen);
      return {};
    },
  };
}
