import { api } from '../api';
import { useLive } from './use-live';

const loadFacets = () => api.journal.facets({});

/** The operators and profiles the journal holds (the Journal's filter choices), kept current as rows change. */
export function useJournalFacets() {
  return useLive(loadFacets);
}
