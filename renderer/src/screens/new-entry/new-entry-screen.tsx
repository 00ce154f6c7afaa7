import { useEffect, useState } from 'react';
import type { Profile } from '../../../../shared/profile/schema';
import { fromDraft, type EntryValues } from './blank';
import { EntryForm } from './entry-form';
import { loadDraft } from './draft-prefetch';
import { SessionStrip } from './session-strip';

/** New entry: restores the autosaved draft, then shows the form beside this session's entries. */
export function NewEntryScreen({ profile }: { profile: Profile }) {
  const [initial, setInitial] = useState<{ values: EntryValues; restored: string | null } | null>(null);

  useEffect(() => {
    let live = true;
    void loadDraft().then((result) => {
      if (!live) return;
      const draft = result.ok ? result.data : { payload: null, updatedAt: null };
      const restored = draft.payload && Object.values(draft.payload).some((v) => v !== '') ? draft.updatedAt : null;
      setInitial({ values: fromDraft(draft.payload), restored });
    });
    return () => {
      live = false;
    };
  }, []);

  if (!initial) return <p>Loading…</p>;
  return (
    <div className="new-entry">
      <EntryForm profile={profile} initial={initial.values} restoredAt={initial.restored} />
      <SessionStrip />
    </div>
  );
}
