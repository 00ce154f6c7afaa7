import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { PERSONAL_FIELDS } from '@shared/journal/personal-fields';

/**
 * The returning customer New entry offers: the customer's personal details from the latest entry
 * of this profile with the same surname and postcode (nothing else of that entry).
 */
export function customerHandlers(core: Core): Pick<Handlers, 'entries:customer'> {
  return {
    async 'entries:customer'({ profile, surname, postcode }) {
      const row = await core.journal.customer(profile, surname, postcode);
      if (!row) return { customer: null };
      const details = Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, row.payload[field] ?? '']));
      return { customer: { id: row.id, details } };
    },
  };
}
