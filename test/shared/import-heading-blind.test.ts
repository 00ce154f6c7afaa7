import { describe, expect, it } from 'vitest';
import { matchHeadings } from '@shared/import/columns';
import { HELD_OUT as FIRST } from './headings/blind-first';
import { HELD_OUT as SECOND } from './headings/blind-second';

type Corpus = Record<string, ReadonlyArray<[string, string | null]>>;

/** Each column's wanted and matched field, and the share of wanted fields that arrive where they belong. */
function measure(corpus: Corpus) {
  const columns = Object.entries(corpus).flatMap(([file, headings]) => {
    const found = matchHeadings(headings.map(([heading]) => heading));
    return headings.map(([heading, want], column) => ({ file, heading, want, got: found[column]!.field }));
  });
  const wanted = columns.filter((c) => c.want !== null);
  const right = wanted.filter((c) => c.got === c.want).length;
  const wrong = columns
    .filter((c) => c.got !== null && c.got !== c.want)
    .map((c) => `${c.file}: ${c.heading} → ${c.got}`);
  return { right, wanted: wanted.length, share: right / wanted.length, wrong };
}

/**
 * Two corpora of partners' header rows, each written by someone who had not seen the matcher. The issue's target
 * is 95 % of the wanted fields with none in a wrong field; these tests hold today's figures so neither can slip,
 * and name every column that goes where the corpus's clerk would not put it.
 */
describe('blind heading corpora', () => {
  it('the first (18 files, tuned on after a first run of 69.0 %): 84.9 %, wrong only where the product decides', () => {
    const { right, wanted, share, wrong } = measure(FIRST);
    console.info(`blind corpus 1: ${right}/${wanted} (${(share * 100).toFixed(1)} %)`);
    expect(right).toBeGreaterThanOrEqual(230);
    expect(wrong).toEqual([
      // The corpus imports the delivery address when a file has two; the product imports the customer's (user guide).
      'shopifyOrders: Billing Address1 → address1',
      'shopifyOrders: Billing City → town',
      'wooCommerceOrders: Last Name (Billing) → surname',
      'magentoOrderGrid: Billing Address → address1',
      'bigCommerceOrders: Billing Last Name → surname',
      'bigCommerceOrders: Billing Street 1 → address1',
      'ebayOrdersReport: Buyer Address 1 → address1',
      'ebayOrdersReport: Buyer Postcode → postcode',
      'amazonFulfilledShipments: buyer-phone-number → telephone',
      'amazonFulfilledShipments: bill-address-1 → address1',
      'amazonFulfilledShipments: bill-postal-code → postcode',
      // An accounts package's customer account: the corpus reads it as the reference, the matcher by its name.
      'sage50Invoices: A/C → account_code',
      'xeroSalesInvoices: AccountCode → account_code',
      'customerDeliveryPrefixed: Customer Address 1 → address1',
      'customerDeliveryPrefixed: Customer Address 2 → address2',
      'customerDeliveryPrefixed: Customer Town → town',
      'customerDeliveryPrefixed: Customer Postcode → postcode',
    ]);
  });

  it('the second (17 files, never tuned on): 82.7 %, and the seven columns it puts elsewhere than the corpus', () => {
    const { right, wanted, share, wrong } = measure(SECOND);
    console.info(`blind corpus 2: ${right}/${wanted} (${(share * 100).toFixed(1)} %)`);
    expect(right).toBeGreaterThanOrEqual(229);
    // Misses of the target, kept visible: a new wrong match fails here, and one fixed must be taken off this list.
    expect(wrong).toEqual([
      'squarespaceOrders: Paid at → purchase_date',
      'freeagentInvoices: Reference → reference',
      'freeagentInvoices: Total Value → total_value',
      'sage200SalesOrders: Customer A/C → account_code',
      'zohoCrmSalesOrders: Sub Total → total_value',
      'deliveryManifest: Client Account → account_code',
      'mailOrderCatalogue: CUSTOMER ACCT NO → account_code',
    ]);
  });
});
