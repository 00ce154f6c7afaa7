import { useState, type ReactNode } from 'react';
import { ATTENTION_STATES, SUBMISSION_KINDS } from '@shared/journal/states';
import { BatchChip } from './batch-chip';
import { DateFilter } from './date-filter';
import { clearedFilter, isAttentionFilter, type ListFilter } from './journal-view';
import { SearchField } from './search-field';
import { StateFilter } from './state-filter';
import { useAltShortcuts } from './use-shortcuts';
import { useJournalFacets } from '../../journal-feed/journal-reads';

const KIND_WORDS = { entry: 'Entries', cancellation: 'Cancellations' } as const;
/** The filters behind the "Filters" disclosure. */
const MORE: ReadonlyArray<keyof ListFilter> = ['from', 'to', 'states', 'kind', 'operator', 'profile', 'reviewed'];

interface FiltersBarProps {
  filter: ListFilter;
  /**
   * Changes some filters of the view as it is when called (not as it was rendered), unless
   * `unless` says the view has moved on since (a late search after Clear filters).
   */
  onPatch(patch: Partial<ListFilter>, unless?: (now: ListFilter) => boolean): void;
  /** Clear filters: every filter unset (the order stays), the focus in the list. */
  onClear(): void;
  /** ↓ or Enter in Search: the focus moves to the list. */
  onToResults(): void;
}

/**
 * The list's filters: free text, "Needs attention" in one click (Alt+A) and "Clear filters"
 * always at hand; dates, states, kind, operator, profile and reviewed behind a "Filters"
 * disclosure, so the list is a few Tabs from the top; a bulk import's batch as a removable chip.
 * Every change is written to the hash.
 */
export function FiltersBar({ filter, onPatch, onClear, onToResults }: FiltersBarProps) {
  const set = (patch: Partial<ListFilter>) => onPatch(patch);
  const attention = isAttentionFilter(filter);
  const toggleAttention = () => set({ states: attention ? undefined : [...ATTENTION_STATES] });
  useAltShortcuts({ a: toggleAttention });
  const empty = JSON.stringify(clearedFilter(filter)) === JSON.stringify(filter);
  const chosen = MORE.filter((key) => filter[key] !== undefined).length;
  const [expanded, setExpanded] = useState(chosen > 0);

  return (
    <section className="filters card" aria-label="Filters">
      {filter.batch !== undefined && <BatchChip batch={filter.batch} onRemove={() => set({ batch: undefined })} />}
      <div className="filter-row">
        <SearchField
          value={filter.text ?? ''}
          onChange={(text, before) => onPatch({ text }, (now) => (now.text ?? '') !== before)}
          onToResults={onToResults}
        />
        <div className="filter-buttons">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls="journal-more-filters"
            onClick={() => setExpanded(!expanded)}
          >
            Filters{chosen > 0 && ` (${chosen})`}
          </button>
          <button
            type="button"
            aria-pressed={attention}
            onClick={toggleAttention}
            aria-keyshortcuts="Alt+A"
            title="Show only unknown, failed and rejected entries (Alt+A)"
          >
            Needs attention <kbd>Alt+A</kbd>
          </button>
          <button type="button" disabled={empty} onClick={onClear}>
            Clear filters
          </button>
        </div>
      </div>
      <div id="journal-more-filters" className="more-filters" hidden={!expanded}>
        {expanded && <MoreFilters filter={filter} onPatch={set} />}
      </div>
    </section>
  );
}

/** The filters behind the disclosure; the operators and profiles are asked for only once it is open. */
function MoreFilters({ filter, onPatch: set }: { filter: ListFilter; onPatch(patch: Partial<ListFilter>): void }) {
  const facets = useJournalFacets();
  return (
    <>
      <div className="filter-row">
        <DateFilter id="journal-from" label="From" value={filter.from} onChange={(from) => set({ from })} />
        <DateFilter id="journal-to" label="To" value={filter.to} onChange={(to) => set({ to })} />
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
      </div>
      {facets.error && <p className="field-error">Filter choices could not be read: {facets.error}</p>}
    </>
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
