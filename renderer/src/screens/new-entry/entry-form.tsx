import { Fragment, memo, useLayoutEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useCommitLog } from '../../render-log';
import { ENTRY_SECTIONS } from '@shared/entry/fields';
import type { Profile } from '@shared/profile/schema';
import { useScreenDateOrder } from '../../preferences';
import { ClearQuestion } from './clear-question';
import type { EntryValues } from './blank';
import { FormField, shownError } from '../../forms/form-field';
import { entryFieldSpecs } from './field-specs';
import { ErrorSummary, fieldsWithErrors } from './error-summary';
import { DuplicateDialog } from './duplicate-dialog';
import { ResultPanel, ServiceFieldMarks } from './result-panel';
import { RejectionReason } from './rejection-reason';
import { focusField } from './field-layout';
import { useEntryForm } from './use-entry-form';
import { useEntryKeys } from './use-entry-keys';
import type { Prefill } from './prefill';
import { moment } from '../../moments';
import { ScreenTitle } from '../../components/screen-title';
import { ReturningCustomer } from './customer-suggestion';

interface EntryFormProps {
  profile: Profile;
  initial: EntryValues;
  restoredAt: string | null;
  /** The journal entry the form starts from ("Open as new entry"), if any. */
  copiedFrom?: Prefill | null;
  /** The row the restored draft corrects, if any. */
  corrects?: number | null;
}

const Keys = ({ keys }: { keys: string }) => (
  <kbd className="shortcut" aria-hidden="true">
    {keys}
  </kbd>
);

/**
 * The form's four sections. Memoised: the form's own re-renders (its state, a submit) pass them by,
 * each field redrawing on its own field's state only.
 */
const Sections = memo(function Sections({
  specs,
  form,
  profile,
}: {
  specs: ReturnType<typeof entryFieldSpecs>;
  form: UseFormReturn<EntryValues, unknown, EntryValues>;
  profile: string;
}) {
  return (
    <div className="sections">
      {ENTRY_SECTIONS.map((section) => (
        <fieldset key={section.title} className={`section section-${section.fields[0]}`}>
          <legend>{section.title}</legend>
          <div className="grid">
            {section.fields.map((name) => (
              <Fragment key={name}>
                <FormField spec={specs[name]} form={form} />
                {name === 'postcode' && <ReturningCustomer form={form} profile={profile} />}
              </Fragment>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
});

/** The New entry form: four sections, keyboard-first, errors inline and summarised, the result announced. */
/**
 * The focused field wholly in view (WCAG 2.4.11): a browser moving the focus to a tall field (the
 * description) may scroll only its first line into view, leaving the rest below the window's edge.
 */
function keepInView(el: HTMLElement): void {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) (el.closest('.field') ?? el).scrollIntoView({ block: 'nearest' });
}

/**
 * Keeps the page's bottom scroll padding (what a focused field is kept above) at the bottom bar's
 * height while the bar stays in view, so a long answer in the bar does not cover the focused field.
 * It is set on the root as a property nobody inherits: setting it restyles the root alone.
 */
function barHeight(bar: HTMLDivElement | null): (() => void) | void {
  if (!bar) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    const padding = getComputedStyle(bar).position === 'sticky' ? `calc(${bar.offsetHeight}px + 1rem)` : '';
    if (root.style.scrollPaddingBottom !== padding) root.style.scrollPaddingBottom = padding;
  });
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingBottom = '';
  };
}

export function EntryForm({ profile, initial, restoredAt, copiedFrom = null, corrects = null }: EntryFormProps) {
  const dateOrder = useScreenDateOrder();
  const entry = useEntryForm(profile, initial, restoredAt, dateOrder, copiedFrom, corrects);
  const copy = entry.copiedFrom;
  const { form, submit, busy, duplicate, confirmNew, requestNew } = entry;
  const specs = useMemo(() => entryFieldSpecs(profile, dateOrder), [profile, dateOrder]);
  const onKeyDown = useEntryKeys(() => void submit(), requestNew, Boolean(duplicate || confirmNew));
  const { errors, submitCount } = form.formState;
  // Counts the errors the fields show: not "required" on a field merely tabbed past before a submit.
  const errorCount = fieldsWithErrors(errors).filter((name) =>
    shownError(errors[name]?.message, form.getValues(name), submitCount),
  ).length;

  // After a submit, the fields to correct take the keyboard hint's place: the form does not move.
  const summaryShown = submitCount > 0 && fieldsWithErrors(errors).length > 0;

  // In the commit, before the first paint: the form is painted once, with its first field focused.
  useLayoutEffect(() => focusField('account_code'), []);
  useCommitLog('form');

  return (
    <>
      <ScreenTitle>{`New entry${errorCount ? ` (${errorCount} ${errorCount === 1 ? 'error' : 'errors'})` : ''}`}</ScreenTitle>
      <form
        className="entry-form"
        onSubmit={(e) => void submit(e)}
        onKeyDown={onKeyDown}
        onFocus={(e) => keepInView(e.target)}
        noValidate
        aria-label="New entry"
      >
        <div className="screen-head">
          <h1>New entry</h1>
          {summaryShown ? (
            <ErrorSummary errors={errors} />
          ) : (
            <p className="hint">
              <kbd>Tab</kbd> next field · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> submit · <kbd>Alt</kbd>+<kbd>N</kbd> new
              entry · <kbd>Alt</kbd>+<kbd>K</kbd> new entry keeping account and order ·{' '}
              <span className="required">*</span> required
            </p>
          )}
          {entry.restoredAt && <p className="banner info">Draft restored (saved {moment(entry.restoredAt)}).</p>}
          {copy && (
            <p className="banner info" data-testid="copied-from">
              Copied from journal #{copy.id} — correct and submit.
              {copy.profile !== profile.name &&
                ` It was keyed for profile ${copy.profile}; it goes to ${profile.name}.`}
            </p>
          )}
          {entry.correcting !== null && (
            <p className="hint" data-testid="correcting">
              Corrects journal #{entry.correcting}: once this entry is accepted, #{entry.correcting} is marked
              superseded and leaves Needs attention.
            </p>
          )}
          {entry.correcting !== null && entry.outcome === null && <RejectionReason id={entry.correcting} />}
        </div>
        <Sections specs={specs} form={form} profile={profile.name} />
        <div className="action-bar" ref={barHeight}>
          <div className="buttons">
            <button type="submit" className="primary" disabled={busy} aria-keyshortcuts="Control+Enter">
              {busy ? 'Submitting…' : 'Submit entry'} <Keys keys="Ctrl+Enter" />
            </button>
            <button type="button" onClick={() => requestNew(true)} aria-keyshortcuts="Alt+K">
              New entry keeping account and order details <Keys keys="Alt+K" />
            </button>
            <button type="button" onClick={() => requestNew(false)} aria-keyshortcuts="Alt+N">
              New entry <Keys keys="Alt+N" />
            </button>
          </div>
          <ResultPanel outcome={entry.outcome} />
          <ServiceFieldMarks outcome={entry.outcome} onFields={entry.showFields} />
        </div>
      </form>
      {duplicate && (
        <DuplicateDialog duplicate={duplicate} onCancel={entry.cancelDuplicate} onConfirm={entry.confirmDuplicate} />
      )}
      {confirmNew && (
        <ClearQuestion correcting={entry.correcting} onKeep={entry.keepTyping} onClear={entry.clearConfirmed} />
      )}
    </>
  );
}
