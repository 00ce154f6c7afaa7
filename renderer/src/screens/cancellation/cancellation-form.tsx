import type { ScreenDateOrder } from '@shared/entry/screen-date';
import { useMemo } from 'react';
import { FormField } from '../../forms/form-field';
import { cancellationFieldSpec } from './form-fields';
import { CancellationResult } from './cancellation-result';
import { OriginalSummary } from './original-summary';
import type { useCancellationForm } from './use-cancellation-form';

interface FormProps {
  cancellation: ReturnType<typeof useCancellationForm>;
  profile: string;
  hasPath: boolean;
  dateOrder: ScreenDateOrder;
}

const Keys = ({ keys }: { keys: string }) => (
  <kbd className="shortcut" aria-hidden="true">
    {keys}
  </kbd>
);

/**
 * The request itself: the original entry it cancels, one input per field of the profile's
 * cancellation field set, and the bar with Submit (or Queue, while the profile has no path),
 * New cancellation and the service's answer.
 */
export function CancellationForm({ cancellation, profile, hasPath, dateOrder }: FormProps) {
  const { form, fields, busy, submit } = cancellation;
  const label = hasPath ? 'Submit cancellation' : 'Queue cancellation';
  const specs = useMemo(() => fields.map((field) => cancellationFieldSpec(field, dateOrder)), [fields, dateOrder]);
  return (
    <form className="cancel-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="cancel-form-title">
      <section className="section cancel-section">
        <h2 id="cancel-form-title">Cancellation request</h2>
        <OriginalSummary original={cancellation.original} control={form.control} profile={profile} />
        <div className="cancel-grid">
          {specs.map((spec) => (
            <FormField key={spec.name} spec={spec} form={form} />
          ))}
        </div>
      </section>
      <div className="action-bar">
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy} aria-keyshortcuts="Control+Enter">
            {busy ? 'Submitting…' : label} <Keys keys="Ctrl+Enter" />
          </button>
          <button type="button" onClick={cancellation.requestNew} aria-keyshortcuts="Alt+C">
            New cancellation <Keys keys="Alt+C" />
          </button>
        </div>
        <CancellationResult row={cancellation.row} error={cancellation.error} hasPath={hasPath} />
      </div>
    </form>
  );
}
