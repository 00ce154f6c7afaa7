import { Suspense, useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { calls } from '../actions';
import { setPrefill } from '../../new-entry/prefill';
import { navigate } from '../../../use-hash-route';
import { onDemand } from '../../../on-demand';
import { actionsFor, questionFor, type ActionKey, type GoKey } from './detail-actions';
import { DetailFacts } from './detail-facts';
import { HistoryTable } from './history-table';
import { LinkedRows } from './linked-rows';
import { PayloadTable } from './payload-table';
import { StateChip } from './state-chip';
import { StateExplanation } from './state-explanation';
import type { ActionChoice } from './use-action-form';
import { useDetailKeys } from './use-detail-keys';
import { useEntryDetail } from './use-entry-detail';
import { useJournalLocation } from '../../../use-journal-location';
import { DuplicateDialog } from '../../new-entry/duplicate-dialog';
import type { Duplicate } from '../../new-entry/use-entry-form';
import './entry-detail.css';

type Asked = Exclude<ActionKey, GoKey>;

// The actions' question, with its form's schema library, loaded once a row's detail is open (long
// before an action's key can be pressed), not with the Journal's first rows.
const actionDialog = onDemand(() => import('./action-dialog').then((m) => m.ActionDialog));

/**
 * One journal row in full: its state and what it means, the payload as keyed and as sent, every
 * change with who and when, the review mark; and the actions on it (resend, mark accepted,
 * discard, mark reviewed, each confirmed; open as new entry, file a cancellation) and the rows linked
 * to it through the recordid. Follows the row live; Escape closes. The screen decides when its
 * heading (`headingRef`) takes the focus.
 */
export function EntryDetail({
  id,
  headingRef: heading,
  onClose,
}: {
  id: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}) {
  const { detail, loadError, busy, outcome, run } = useEntryDetail(id);
  useEffect(() => void actionDialog.fetch(), []);
  const [asked, setAsked] = useState<Asked | null>(null);
  /** A Resend held as a possible duplicate: the row it may repeat, and the person's note. */
  const [held, setHeld] = useState<{ duplicate: Duplicate; note: { note?: string } } | null>(null);
  const row = detail?.row;
  const location = useJournalLocation().location;
  const role = location?.role;
  const actions = useMemo(() => (row ? actionsFor(row, role) : []), [row, role]);

  const onAction = useCallback(
    (key: ActionKey) => {
      if (!row || busy) return;
      if (key === 'cancel') return navigate('cancellation', `recordid=${row.recordid ?? ''}`);
      if (key !== 'open') return setAsked(key);
      // A rejected or failed row is corrected by the new entry; an office clerk corrects only their own.
      const mine = role !== 'clerk' || row.operator === location?.user;
      const correctable = (row.state === 'rejected' || row.state === 'failed') && mine;
      setPrefill({
        id: row.id,
        profile: row.profile,
        payload: row.payload,
        ...(correctable ? { corrects: row.id } : {}),
      });
      navigate('new-entry');
    },
    [row, busy, role, location?.user],
  );
  useDetailKeys(actions, asked !== null || held !== null, onAction, onClose);

  /** Resends; a possible duplicate is asked about, naming the row it may repeat. */
  const resend = async (note: { note?: string }, allowDuplicate: boolean) => {
    const result = await run(
      () => calls.journal.resolve({ id, action: 'resend', ...note, ...(allowDuplicate ? { allowDuplicate } : {}) }),
      'Queued to send again.',
    );
    const duplicate = !result.ok && result.error.code === 'duplicate' ? result.error.duplicate : undefined;
    if (duplicate)
      // The earlier row has the same content, or the same policy number, as this one.
      setHeld({
        duplicate: { ...duplicate, reference: duplicate.reference ?? '', policy: row?.payload.policy ?? '' },
        note,
      });
  };
  const decide = (key: Asked, choice: ActionChoice) => {
    if (key === 'review') return run(() => calls.journal.review({ ids: [id], ...choice }), 'Marked reviewed.');
    if (key === 'accept' && choice.recordid !== undefined) {
      const recordid = choice.recordid;
      return run(
        () => calls.journal.resolve({ id, action: 'accept', recordid, ...choice }),
        `Marked accepted with recordid ${recordid}.`,
      );
    }
    const note = choice.note === undefined ? {} : { note: choice.note };
    if (key === 'resend') return resend(note, false);
    return run(() => calls.journal.resolve({ id, action: 'discard', ...note }), 'Discarded: it will not be sent.');
  };
  const confirm = (key: Asked, choice: ActionChoice) => {
    setAsked(null);
    // A resolved row offers other actions (its button may be gone): focus goes back to the heading.
    void decide(key, choice).then(() => key !== 'review' && heading.current?.focus());
  };
  const question = asked && row ? questionFor(asked, row) : null;

  return (
    <section className="entry-detail" aria-labelledby="entry-detail-title">
      <header className="detail-head">
        <h2 id="entry-detail-title" tabIndex={-1} ref={heading}>
          Journal #{id}
        </h2>
        {row && <StateChip state={row.state} />}
        {row && (
          <p className="detail-sub">
            {[row.reference, row.surname, row.policy].filter(Boolean).join(' · ') || row.kind}
          </p>
        )}
        <button type="button" className="detail-close" onClick={onClose} title="Close (Esc)" aria-keyshortcuts="Escape">
          Close <kbd aria-hidden="true">Esc</kbd>
        </button>
      </header>
      {loadError && (
        <p role="alert" className="banner error">
          {loadError}
        </p>
      )}
      {outcome && !outcome.ok && (
        <p role="alert" className="banner error">
          {outcome.message}
        </p>
      )}
      <p role="status" className="detail-status">
        {outcome?.ok ? outcome.message : busy ? 'Working…' : ''}
      </p>
      {!row && !loadError && <p>Loading…</p>}
      {row && detail && (
        <>
          <StateExplanation row={row} />
          <div className="actions detail-actions" role="group" aria-label="Actions">
            {actions.map((a) => (
              <button
                key={a.key}
                type="button"
                className={a.key === 'accept' && row.state === 'unknown' ? 'primary' : undefined}
                disabled={busy}
                title={`${a.label.replace('…', '')} (${a.shortcut})`}
                aria-keyshortcuts={a.shortcut}
                onClick={() => onAction(a.key)}
              >
                {a.label} <kbd aria-hidden="true">{a.shortcut}</kbd>
              </button>
            ))}
          </div>
          <DetailFacts row={row} />
          <LinkedRows detail={detail} />
          <PayloadTable detail={detail} />
          <HistoryTable history={detail.history} />
        </>
      )}
      {question && asked && (
        <Suspense fallback={null}>
          <actionDialog.Component
            key={asked}
            title={question.title}
            text={question.text}
            confirmLabel={question.confirm}
            danger={question.danger}
            needsRecordid={asked === 'accept'}
            onCancel={() => setAsked(null)}
            onConfirm={(choice) => confirm(asked, choice)}
          />
        </Suspense>
      )}
      {held && (
        <DuplicateDialog
          resend
          duplicate={held.duplicate}
          onCancel={() => {
            setHeld(null);
            heading.current?.focus();
          }}
          onConfirm={() => {
            const { note } = held;
            setHeld(null);
            void resend(note, true).then(() => heading.current?.focus());
          }}
        />
      )}
    </section>
  );
}
