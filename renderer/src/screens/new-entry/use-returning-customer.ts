import { useCallback, useEffect, useMemo, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EntryField } from '@shared/entry/fields';
import { calls } from './actions';
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
  const lookUp = useMemo(
    () =>
      surname.trim() && wholePostcode(postcode)
        ? async () => {
            const result = await calls.entries.customer({
              profile,
              surname: surname.trim(),
              postcode: postcode.trim(),
            });
            if (!result.ok) return result;
            const found = result.data.customer;
            // Offered only while the form does not hold those details already (as they are when the answer comes).
            const differs = found && CUSTOMER_FIELDS.some((f) => (found.details[f] ?? '') !== form.getValues(f));
            return { ok: true as const, data: differs ? found : null };
          }
        : null,
    [surname, postcode, profile, form],
  );
  const found = useRead(lookUp).data;
  const [taken, setTaken] = useState<typeof found>(null);
  const offer = useMemo<CustomerOffer | null>(
    () => found && { id: found.id, details: found.details, taken: taken === found },
    [found, taken],
  );

  const take = useCallback(() => {
    if (!found || taken === found) return;
    for (const field of CUSTOMER_FIELDS) {
      form.setValue(field, found.details[field] ?? '', { shouldDirty: true, shouldValidate: true });
    }
    setTaken(found);
  }, [found, taken, form]);

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
