/**
 * A returning customer: the states of an entry whose customer details may be offered again. A
 * rejected entry (its details may be what the service refused) and a discarded one are not.
 */
export const CUSTOMER_STATES = ['accepted', 'queued', 'sending', 'unknown', 'failed'] as const;

/** The states above as an SQL list (constants only, no input). */
export const CUSTOMER_STATES_SQL = CUSTOMER_STATES.map((s) => `'${s}'`).join(', ');
