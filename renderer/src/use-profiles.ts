import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '@shared/ipc/contract';
import { calls } from './app-actions';

type ListAnswer = ReturnType<typeof calls.profiles.list>;

// Asked when the app loads, before the first render, so New entry need not wait a round trip more.
let pending: ListAnswer | undefined = calls.profiles.list({});

/** The profiles and which one is active, reloaded on demand after any change. */
export function useProfiles() {
  const [state, setState] = useState<ResponseOf<'profiles:list'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const answer = pending ?? calls.profiles.list({});
    pending = undefined;
    const result = await answer;
    if (result.ok) {
      setState(result.data);
      setError(null);
    } else setError(result.error.message);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const active = state?.profiles.find((p) => p.profile.name === state.active);
  return { state, active, error, reload };
}

/** What useProfiles returns. */
export type ProfilesState = ReturnType<typeof useProfiles>;
