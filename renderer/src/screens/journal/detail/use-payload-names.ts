import { useMemo } from 'react';
import type { CancellationFieldDef } from '@shared/profile/cancellation-fields';
import type { Result } from '@shared/ipc/result';
import { calls } from '../actions';
import { useRead } from '../../../journal-feed/use-live';

/** How a payload field of a row is labelled and named on the wire; the defaults where no field set is known. */
export interface PayloadNames {
  label(name: string, fallback: string): string;
  /** The part's name on the wire; null when the field is left out. */
  wire(name: string): string | null;
}

const PLAIN: PayloadNames = { label: (_name, fallback) => fallback, wire: (name) => name };

/** A profile's cancellation fields; null when the profile is gone. */
async function cancellationFields(profile: string): Promise<Result<CancellationFieldDef[] | null>> {
  const result = await calls.profiles.list({});
  if (!result.ok) return result;
  const found = result.data.profiles.find((p) => p.profile.name === profile);
  return { ok: true, data: found ? found.profile.cancellation.fields : null };
}

/**
 * The labels and wire names of a cancellation's fields, from its profile's field set (an
 * administrator may rename them or add fields of their own). Entries, and rows whose profile is
 * gone, keep the plain names.
 */
export function usePayloadNames(kind: string, profile: string): PayloadNames {
  const load = useMemo(() => (kind === 'cancellation' ? () => cancellationFields(profile) : null), [kind, profile]);
  const set = useRead(load).data;
  if (!set) return PLAIN;
  const find = (name: string) => set.find((f) => f.name === name);
  return {
    label: (name, fallback) => find(name)?.label ?? fallback,
    wire: (name) => {
      const field = find(name);
      return field ? field.wire : name;
    },
  };
}
