import { useCallback, useEffect, useMemo, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EntryField } from '../../../../shared/entry/fields';
import { api } from '../../api';
import { useRead } from '../../journal-feed/use-live';
import type { EntryValues } from './blank';

/** The customer fields a returning customer's earlier entry fills (Surname and Postcode are what found it). */
export const CUSTOMER_FIELDS: readonly EntryField[] = [
  'title',
  'initials',
  'address1',
  'address2',
  'town',
  'county',
  'email',
  'telephone',
];

/** An earlier entry of the same customer (journal id and their details), offered or just taken. */
export interface CustomerOffer {
  id: number;
  details: Record<string, string>;
  taken: boolean;
}

/** A postcode long enough to be whole (the shortest, "A1 1AA", has five characters besides the space). */
const wholePostcode = (postcode: string) => postcode.replace(/\s+/g, '').length >= 5;

/**
 * A returning customer (WCAG 3.3.7, Redundant Entry): once Surname and Postcode match an entry of
 * this profile in the journal, offers that customer's details; nothing is filled until the clerk
 * takes the offer (Alt+F or its button). No offer while the form already holds those details.
 */
export function useReturningCustomer(form: UseFormReturn<EntryValues, unknown, EntryValues>, profile: string) {
  const [surname, postcode] = useWatch({ control: form.control, name: ['surname', 'postcode'] });
  const [offer, setOffer] = useState<CustomerOffer | null>(null);
  const lookUp = useMemo(
    () =>
      surname.trim() && wholePostcode(postcode)
        ? () => api.entries.customer({ profile, surname: surname.trim(), postcode: postcode.trim() })
        : null,
    [surname, postcode, profile],
  );
  const found = useRead(lookUp).data?.customer ?? null;

  useEffect(() => {
    const differs = found && CUSTOMER_FIELDS.some((f) => (found.details[f] ?? '') !== form.getValues(f));
    setOffer(found && differs ? { id: found.id, details: found.details, taken: false } : null);
  }, [found, form]);

  const take = useCallback(() => {
    if (!offer || offer.taken) return;
    for (const field of CUSTOMER_FIELDS) {
      form.setValue(field, offer.details[field] ?? '', { shouldDirty: true, shouldValidate: true });
    }
    setOffer({ ...offer, taken: true });
  }, [offer, form]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.code !== 'KeyF' && event.key.toLowerCase() !== 'f') return;
      if (!offer || offer.taken || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      take();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [offer, take]);

  return { offer, take };
}
