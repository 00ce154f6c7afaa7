import { useEffect, useState } from 'react';
import type { CancellationFieldDef } from '../../../../../shared/profile/cancellation-fields';
import { api } from '../../../api';

/** How a payload field of a row is labelled and named on the wire; the defaults where no field set is known. */
export interface PayloadNames {
  label(name: string, fallback: string): string;
  /** The part's name on the wire; null when the field is left out. */
  wire(name: string): string | null;
}

const PLAIN: PayloadNames = { label: (_name, fallback) => fallback, wire: (name) => name };

/**
 * The labels and wire names of a cancellation's fields, from its profile's field set (an
 * administrator may rename them or add fields of their own). Entries, and rows whose profile is
 * gone, keep the plain names.
 */
export function usePayloadNames(kind: string, profile: string): PayloadNames {
  const [fields, setFields] = useState<{ profile: string; set: CancellationFieldDef[] } | null>(null);

  useEffect(() => {
    if (kind !== 'cancellation') return;
    let live = true;
    void api.profiles.list({}).then((result) => {
      const found = result.ok ? result.data.profiles.find((p) => p.profile.name === profile) : undefined;
      if (live && found) setFields({ profile, set: found.profile.cancellation.fields });
    });
    return () => {
      live = false;
    };
  }, [kind, profile]);

  const set = kind === 'cancellation' && fields?.profile === profile ? fields.set : null;
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
