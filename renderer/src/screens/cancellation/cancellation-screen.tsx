import { useEffect, useMemo, useRef, useState } from 'react';
import type { JournalListRow } from '@shared/ipc/contract';
import type { Profile } from '@shared/profile/schema';
import { useScreenDateOrder } from '../../preferences';
import { navigate, useHashQuery } from '../../use-hash-route';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRead } from '../../journal-feed/use-live';
import { CancellationForm } from './cancellation-form';
import { DuplicateCancellationDialog } from './duplicate-cancellation-dialog';
import { EntryFinder } from './entry-finder';
import { findOriginal, loadOriginal, type OriginalEntry } from './original-entry';
import { useCancellationForm } from './use-cancellation-form';
import { useCancellationKeys } from './use-cancellation-keys';
import { ScreenTitle } from '../../components/screen-title';
import './cancellation.css';

/** The recordid the hash asks to start from (`#/cancellation?recordid=100001`), if any. */
function askedRecordid(query: string): number | null {
  const value = new URLSearchParams(query).get('recordid');
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/**
 * Cancellation (`#/cancellation`, `?recordid=N` to start from that entry): find the original
 * entry in the journal, the form filled from it, date and reason typed, submitted through the
 * journal; where the profile has no cancellation path yet, it says so and queues the request.
 */
export function CancellationScreen({ profile }: { profile: Profile }) {
  const order = useScreenDateOrder();
  const cancellation = useCancellationForm(profile, order);
  const { prefill, duplicate } = cancellation;
  const [loadError, setLoadError] = useState<string | null>(null);
  const asked = askedRecordid(useHashQuery());
  /** The recordid the form was last filled from, so the hash catching up does not fill it again. */
  const filled = useRef<number | null>(null);
  const hasPath = profile.cancellation.path !== null;
  const onKeyDown = useCancellationKeys(() => void cancellation.submit(), cancellation.requestNew);

  const take = (found: OriginalEntry | string) => {
    if (typeof found === 'string') return setLoadError(found);
    setLoadError(null);
    filled.current = found.recordid;
    prefill(found);
    navigate('cancellation', `recordid=${found.recordid}`, { replace: true });
  };
  const onPick = (row: JournalListRow) => void loadOriginal(row.id).then(take);

  const findAsked = useMemo(
    () =>
      asked === null || asked === filled.current
        ? null
        : () => findOriginal(asked, profile.name).then((found) => ({ ok: true as const, data: found })),
    // Follows the hash only: the form and profile in use when the answer comes are the ones to fill.
    [asked],
  );
  const found = useRead(findAsked).data;
  useEffect(() => {
    if (found !== null) take(found);
  }, [found]);

  return (
    <>
      <ScreenTitle>Cancellation</ScreenTitle>
      <div className="cancellation" onKeyDown={onKeyDown}>
        <div className="screen-head">
          <h1>Cancellation</h1>
          <p className="hint">
            <kbd>↓</kbd> <kbd>↑</kbd> choose an entry · <kbd>Enter</kbd> take it · <kbd>Ctrl</kbd>+<kbd>Enter</kbd>{' '}
            submit · <kbd>Alt</kbd>+<kbd>C</kbd> new cancellation · <span className="required">*</span> required
          </p>
        </div>
        {!hasPath && (
          <p className="banner warning" data-testid="no-cancellation-path">
            This profile has no cancellation endpoint yet (Settings › Cancellation path). You can queue the request now;
            Feed Desk sends it once the path is set.
          </p>
        )}
        <EntryFinder key={cancellation.round} profile={profile.name} onPick={onPick} />
        {loadError && (
          <p role="alert" className="banner error">
            {loadError}
          </p>
        )}
        <CancellationForm cancellation={cancellation} profile={profile.name} hasPath={hasPath} dateOrder={order} />
      </div>
      {duplicate && (
        <DuplicateCancellationDialog
          duplicate={duplicate}
          recordid={cancellation.form.getValues('recordid') ?? ''}
          onCancel={cancellation.cancelDuplicate}
          onConfirm={cancellation.confirmDuplicate}
        />
      )}
      {cancellation.confirmNew && (
        <ConfirmDialog
          title="Clear this cancellation?"
          cancelLabel="Keep it"
          confirmLabel="Clear it and start a new cancellation"
          danger
          onCancel={cancellation.keepTyping}
          onConfirm={cancellation.clearConfirmed}
        >
          <p>What you typed has not been submitted. Clearing the form loses it.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
