import { useEffect, useState } from 'react';
import { api } from './api';

/**
 * Whether the office journal answers: false from the moment main says it stopped answering (an
 * office database restarting) until it says it answers again. A journal on this computer always does.
 */
export function useJournalReachable(): boolean {
  const [reachable, setReachable] = useState(true);
  useEffect(() => api.journal.onHealth(({ reachable: now }) => setReachable(now)), []);
  return reachable;
}
