import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ResponseOf } from '@shared/ipc/contract';
import { calls } from './app-actions';

type ListAnswer = ReturnType<typeof calls.profiles.list>;

// Asked when the app loads (the preload asked it already), so the first render can show New entry.
let pending: ListAnswer | undefined = calls.profiles.list({});
let arrived: Awaited<ListAnswer> | undefined;

/** Settles once the list asked at load has answered: main.tsx renders first after it. */
export const profilesAsked: Promise<unknown> = pending.then(
  (answer) => (arrived = answer),
  () => undefined,
);

/** The profiles and which one is active, reloaded on demand after any change. */
export function useProfiles() {
  // The answer asked at load, when it is here before the first render (and no read took it): that
  // render shows it.
  const [first] = useState(() => (pending ? arrived : undefined));
  const [state, setState] = useState<ResponseOf<'profiles:list'> | null>(first?.ok ? first.data : null);
  const [error, setError] = useState<string | null>(first && !first.ok ? first.error.message : null);

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
    if (!first) return void reload();
    // Shown already: a later mount reads afresh.
    pending = undefined;
    arrived = undefined;
  }, [first, reload]);

  // One object per answer: a screen given it re-renders when the profiles change, not with the shell.
  return useMemo(() => {
    const active = state?.profiles.find((p) => p.profile.name === state.active);
    return { state, active, error, reload };
  }, [state, error, reload]);
}

/** What useProfiles returns. */
export type ProfilesState = ReturnType<typeof useProfiles>;
