import type { ReactNode } from 'react';
import { ATTENTION_STATES, SUBMISSION_KINDS } from '../../../../shared/journal/types';
import { BatchChip } from './batch-chip';
import { clearedFilter, isAttentionFilter, type ListFilter } from './journal-view';
import { SearchField } from './search-field';
import { StateFilter } from './state-filter';
import { useAltShortcuts } from './use-shortcuts';
import { useJournalFacets } from '../../journal-feed/journal-reads';

/** Every filter unset (the order stays). */
const CLEARED: Partial<ListFilter> = {
  from: undefined,
  to: undefined,
  states: undefined,
  kind: undefined,
  operator: undefined,
  profile: undefined,
  text: undefined,
  batch: undefined,
  reviewed: undefined,
};
const KIND_WORDS = { entry: 'Entries', cancellation: 'Cancellations' } as const;

interface FiltersBarProps {
  filter: ListFilter;
  /**
   * Changes some filters of the view as it is when called (not as it was rendered), unless
   * `unless` says the view has moved on since (a late search after Clear filters).
   */
  onPatch(patch: Partial<ListFilter>, unless?: (now: ListFilter) => boolean): void;
}

/**
 * The list's filters: dates, states, kind, operator, profile, reviewed and free text, "Needs
 * attention" in one click (Alt+A) and "Clear filters"; a bulk import's batch as a removable chip.
 * Every change is written to the hash.
 */
export function FiltersBar({ filter, onPatch }: FiltersBarProps) {
  const facets = useJournalFacets();
  const set = (patch: Partial<ListFilter>) => onPatch(patch);
  const attention = isAttentionFilter(filter);
  const toggleAttention = () => set({ states: attention ? undefined : [...ATTENTION_STATES] });
  useAltShortcuts({ a: toggleAttention });
  const empty = JSON.stringify(clearedFilter(filter)) === JSON.stringify(filter);

  return (
    <section className="filters card" aria-label="Filters">
      {filter.batch !== undefined && <BatchChip batch={filter.batch} onRemove={() => set({ batch: undefined })} />}
      <div className="filter-row">
        <SearchField
          value={filter.text ?? ''}
          onChange={(text, before) => onPatch({ text }, (now) => (now.text ?? '') !== before)}
        />
        <Field id="journal-from" label="From">
          <input
            id="journal-from"
            type="date"
            value={filter.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </Field>
        <Field id="journal-to" label="To">
          <input
            id="journal-to"
            type="date"
            value={filter.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </Field>
        <Choice
          id="journal-kind"
          label="Kind"
          value={filter.kind}
          options={SUBMISSION_KINDS.map((k) => [k, KIND_WORDS[k]])}
          onChange={(kind) => set({ kind: SUBMISSION_KINDS.find((k) => k === kind) })}
        />
        <Choice
          id="journal-operator"
          label="Operator"
          value={filter.operator}
          options={withCurrent(facets.data?.operators, filter.operator)}
          onChange={(operator) => set({ operator })}
        />
        <Choice
          id="journal-profile"
          label="Profile"
          value={filter.profile}
          options={withCurrent(facets.data?.profiles, filter.profile)}
          onChange={(profile) => set({ profile })}
        />
        <Choice
          id="journal-reviewed"
          label="Reviewed"
          value={filter.reviewed === undefined ? undefined : filter.reviewed ? 'yes' : 'no'}
          options={[
            ['yes', 'Reviewed'],
            ['no', 'Not reviewed'],
          ]}
          onChange={(reviewed) => set({ reviewed: reviewed === undefined ? undefined : reviewed === 'yes' })}
        />
      </div>
      <div className="filter-row">
        <StateFilter states={filter.states ?? []} onChange={(states) => set({ states })} />
        <div className="filter-buttons">
          <button
            type="button"
            aria-pressed={attention}
            onClick={toggleAttention}
            aria-keyshortcuts="Alt+A"
            title="Show only unknown, failed and rejected entries (Alt+A)"
          >
            Needs attention <kbd>Alt+A</kbd>
          </button>
          <button type="button" disabled={empty} onClick={() => onPatch(CLEARED)}>
            Clear filters
          </button>
        </div>
      </div>
      {facets.error && <p className="field-error">Filter choices could not be read: {facets.error}</p>}
    </section>
  );
}

/** The facet's values, plus the current one when the journal no longer holds it (an old link). */
function withCurrent(values: readonly string[] | undefined, current: string | undefined): Array<[string, string]> {
  const all = values ?? [];
  return [...(current && !all.includes(current) ? [current] : []), ...all].map((v) => [v, v]);
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

interface ChoiceProps {
  id: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  onChange(value: string | undefined): void;
}

/** A select whose first option, "Any", means no filter. */
function Choice({ id, label, value, options, onChange }: ChoiceProps) {
  return (
    <Field id={id} label={label}>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">Any</option>
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </Field>
  );
}
