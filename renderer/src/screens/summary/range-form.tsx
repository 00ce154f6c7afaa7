import { useScreenDateOrder } from '../../preferences';
import { showRange, type SummaryRange } from './summary-route';
import { useRangeForm, type RangeValues } from './use-range-form';

/** The summary's controls: the range (dates in the screen's order), Show, and the way back to the journal. */
export function RangeForm({ range }: { range: SummaryRange }) {
  const order = useScreenDateOrder();
  const { form, show } = useRangeForm(range, order, showRange);
  const { errors } = form.formState;
  const field = (name: keyof RangeValues, label: string) => {
    const id = `summary-${name}`;
    const error = errors[name]?.message;
    return (
      <div className="range-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          {...form.register(name)}
        />
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : (
          <p className="hint" id={`${id}-hint`}>
            {order}
          </p>
        )}
      </div>
    );
  };
  return (
    <form className="range-form" aria-label="Summary range" onSubmit={(e) => void show(e)} noValidate>
      {field('from', 'First day')}
      {field('to', 'Last day')}
      <button type="submit">Show</button>
    </form>
  );
}
