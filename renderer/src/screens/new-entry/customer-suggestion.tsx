import type { UseFormReturn } from 'react-hook-form';
import type { EntryValues } from './blank';
import { useReturningCustomer, type CustomerOffer } from './use-returning-customer';

/**
 * The returning-customer look-up in a component of its own: it watches Surname and Postcode, so a
 * keystroke there redraws that field and this offer, never the whole form.
 */
export function ReturningCustomer({
  form,
  profile,
}: {
  form: UseFormReturn<EntryValues, unknown, EntryValues>;
  profile: string;
}) {
  const { offer, take } = useReturningCustomer(form, profile);
  return <CustomerSuggestion offer={offer} onTake={take} />;
}

/** "Mrs J K Oduya, 12 King Street": who the earlier entry was for, as the clerk would recognise them. */
export function customerWords(details: Record<string, string>): string {
  const name = [details.title, details.initials, details.surname].filter(Boolean).join(' ');
  return [name, details.address1].filter(Boolean).join(', ');
}

/**
 * The returning customer's offer, under the Postcode field: a button naming the earlier entry
 * (Alt+F takes it; out of the Tab order so one Tab still goes from field to field), then a note once taken. A polite live region, present while empty, so the offer is heard.
 */
export function CustomerSuggestion({ offer, onTake }: { offer: CustomerOffer | null; onTake: () => void }) {
  return (
    <div className="span-12 customer-suggestion" role="status" data-testid="customer-suggestion">
      {offer &&
        (offer.taken ? (
          <p className="hint">
            Filled from #{offer.id} — {customerWords(offer.details)}. Check the details with the customer.
          </p>
        ) : (
          // Out of the Tab order, so Tab from Postcode still reaches E-mail: Alt+F is its key.
          <button type="button" tabIndex={-1} onClick={onTake} aria-keyshortcuts="Alt+F">
            Fill from #{offer.id} — {customerWords(offer.details)}{' '}
            <kbd className="shortcut" aria-hidden="true">
              Alt+F
            </kbd>
          </button>
        ))}
    </div>
  );
}
