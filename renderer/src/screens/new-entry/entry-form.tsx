import { Profiler, useEffect, type KeyboardEvent } from 'react';
import { logRender } from '../../render-log';
import { ENTRY_SECTIONS, FIELD_LABELS, isEntryField } from '../../../../shared/entry/fields';
import type { Profile } from '../../../../shared/profile/schema';
import type { EntryValues } from './blank';
import { Field } from './field';
import { ResultPanel } from './result-panel';
import { useEntryForm } from './use-entry-form';

interface EntryFormProps {
  profile: Profile;
  initial: EntryValues;
  restoredAt: string | null;
}

/** The New entry form: four sections, keyboard-first, errors inline and summarised. */
export function EntryForm({ profile, initial, restoredAt }: EntryFormProps) {
  const { form, submit, busy, outcome, duplicate, confirmDuplicate, cancelDuplicate, startNew } = useEntryForm(
    profile,
    initial,
  );
  const { control, register, setValue, setFocus, formState } = form;

  useEffect(() => setFocus('account_code'), [setFocus]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.altKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        startNew(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [startNew]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  const errorNames = Object.keys(formState.errors).filter(isEntryField);
  return (
    <Profiler id="form" onRender={logRender}>
      <form
        className="entry-form"
        onSubmit={(e) => void submit(e)}
        onKeyDown={onKeyDown}
        noValidate
        aria-label="New entry"
      >
        <div className="screen-head">
          <h1>New entry</h1>
          <p className="hint">
            <kbd>Tab</kbd> next field · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> submit · <kbd>Alt</kbd>+<kbd>N</kbd> new entry
            · fields marked * are required
          </p>
          {restoredAt && <p className="banner info">Draft restored (saved {new Date(restoredAt).toLocaleString()}).</p>}
        </div>
        {formState.submitCount > 0 && errorNames.length > 0 && (
          <div className="banner error" role="alert" aria-labelledby="error-summary-title">
            <h2 id="error-summary-title">
              {errorNames.length === 1 ? '1 field needs' : `${errorNames.length} fields need`} attention
            </h2>
            <ul>
              {errorNames.map((name) => (
                <li key={name}>
                  <button type="button" className="link" onClick={() => setFocus(name)}>
                    {FIELD_LABELS[name]}: {formState.errors[name]?.message}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="sections">
          {ENTRY_SECTIONS.map((section) => (
            <fieldset key={section.title} className="section">
              <legend>{section.title}</legend>
              <div className="grid">
                {section.fields.map((name) => (
                  <Field
                    key={name}
                    name={name}
                    profile={profile}
                    control={control}
                    register={register}
                    setValue={setValue}
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        {duplicate && (
          <div className="banner warning" role="alertdialog" aria-labelledby="dup-title" aria-describedby="dup-text">
            <h2 id="dup-title">Possible duplicate</h2>
            <p id="dup-text">
              Journal entry #{duplicate.id} has the same content or the same reference and policy ({duplicate.state}
              {duplicate.recordid ? `, recordid ${duplicate.recordid}` : ''},{' '}
              {new Date(duplicate.createdAt).toLocaleString()}
              ). Submit this one as well?
            </p>
            <div className="actions">
              <button type="button" className="primary" onClick={confirmDuplicate} autoFocus>
                Submit anyway
              </button>
              <button type="button" onClick={cancelDuplicate}>
                Cancel
              </button>
            </div>
          </div>
        )}
        <div className="actions sticky">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Submitting…' : 'Submit entry'}
          </button>
          <button type="button" onClick={() => startNew(true)}>
            New entry keeping account and order details
          </button>
          <button type="button" onClick={() => startNew(false)}>
            New entry
          </button>
        </div>
        {outcome && <ResultPanel outcome={outcome} />}
      </form>
    </Profiler>
  );
}
