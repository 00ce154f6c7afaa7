import { describe, expect, it } from 'vitest';
import { ENTRY_FIELDS, type EntryField } from '@shared/entry/fields';
import { matchHeadings, readHeading, type MatchHow } from '@shared/import/columns';

/**
 * Headings as partners' spreadsheets and other systems write them, each with the field it must feed
 * and how the match is made. Each is read on its own (as the only column of a file).
 */
const CORPUS: ReadonlyArray<[string, EntryField, MatchHow]> = [
  ['Acct Code', 'account_code', 'synonym'],
  ['ACCOUNT_CODE', 'account_code', 'name'],
  ['AcctCode', 'account_code', 'synonym'],
  ['Code, account', 'account_code', 'label'],
  ['Account No.', 'account_code', 'synonym'],
  ['Dealer Account', 'account_code', 'synonym'],
  ['Customer Ref', 'reference', 'synonym'],
  ['Your Reference', 'reference', 'label'],
  ['REF NO', 'reference', 'synonym'],
  ['Salutation', 'title', 'synonym'],
  ['TITLE', 'title', 'name'],
  ['Inits', 'initials', 'synonym'],
  ['Initial(s)', 'initials', 'name'],
  ['First Initial', 'initials', 'synonym'],
  ['Last Name', 'surname', 'synonym'],
  ['LastName', 'surname', 'synonym'],
  ['Family name', 'surname', 'synonym'],
  ['Customer Surname', 'surname', 'label'],
  ['Sur-name', 'surname', 'name'],
  ['Addr 1', 'address1', 'synonym'],
  ['Address Line 1 (house & street)', 'address1', 'label'],
  ['Street', 'address1', 'synonym'],
  ['Addr Line 2', 'address2', 'synonym'],
  ['Address (line 2)', 'address2', 'label'],
  ['Locality', 'address2', 'synonym'],
  ['Town/City', 'town', 'synonym'],
  ['City', 'town', 'synonym'],
  ['Post Town', 'town', 'synonym'],
  ['COUNTY', 'county', 'name'],
  ['Post Code', 'postcode', 'name'],
  ['ZIP/Postal code', 'postcode', 'guess'],
  ['Postal Code', 'postcode', 'synonym'],
  ['PCode', 'postcode', 'synonym'],
  ['E-Mail Address', 'email', 'synonym'],
  ['Customer email', 'email', 'label'],
  ['EMAIL_ADDR', 'email', 'synonym'],
  ['Tel', 'telephone', 'synonym'],
  ['Tel. No.', 'telephone', 'synonym'],
  ['Phone Number', 'telephone', 'synonym'],
  ['Mobile No', 'telephone', 'synonym'],
  ['Policy No', 'policy', 'synonym'],
  ['Policy #', 'policy', 'name'],
  ['POLICYNO', 'policy', 'synonym'],
  ['Policy Ref', 'policy', 'synonym'],
  ['Seats', 'total_seats', 'synonym'],
  ['No. of Seats', 'total_seats', 'synonym'],
  ['Seat Qty', 'total_seats', 'synonym'],
  ['Total Value (£)', 'total_value', 'name'],
  ['Value GBP', 'total_value', 'synonym'],
  ['Purchase Price (£)', 'total_value', 'synonym'],
  ['Premium', 'policy_premium', 'synonym'],
  ['Premium Amount', 'policy_premium', 'guess'],
  ['Prem (£)', 'policy_premium', 'synonym'],
  ['Desc', 'description', 'synonym'],
  ['Item Description', 'description', 'synonym'],
  ['Make', 'manufacturer', 'synonym'],
  ['Brand', 'manufacturer', 'synonym'],
  ['MFR', 'manufacturer', 'synonym'],
  ['Model Name', 'model', 'synonym'],
  ['Colour', 'colour', 'name'],
  ['Color', 'colour', 'synonym'],
  ['Material', 'fabric', 'synonym'],
  ['Fabric Type', 'fabric', 'synonym'],
  ['Purchase Dt', 'purchase_date', 'synonym'],
  ['Date of Purchase', 'purchase_date', 'label'],
  ['Purchase Date (dd/mm/yyyy)', 'purchase_date', 'label'],
  ['Delivery Date', 'delivery_date', 'name'],
  ['Date Delivered', 'delivery_date', 'synonym'],
  ['Deliv. Date', 'delivery_date', 'synonym'],
  ['Order No', 'order_number', 'synonym'],
  ['OrderNumber', 'order_number', 'name'],
  ['Sales Order', 'order_number', 'synonym'],
  ['Invoice No.', 'invoice_number', 'synonym'],
  ['Inv Num', 'invoice_number', 'synonym'],
  ['Invoice', 'invoice_number', 'guess'],
  ['Channel', 'sales_channel', 'synonym'],
  ['Sales Channel', 'sales_channel', 'name'],
  ['Channel of Sale', 'sales_channel', 'label'],
  // Units, symbols and initialisms; ALL_CAPS and camelCase; whose details they are (customer, billing, invoice).
  ['P/Code', 'postcode', 'synonym'],
  ['D.O.P.', 'purchase_date', 'synonym'],
  ['Inv #', 'invoice_number', 'synonym'],
  ['Value (£)', 'total_value', 'synonym'],
  ['Premium inc IPT £', 'policy_premium', 'synonym'],
  ['Premium (incl. IPT)', 'policy_premium', 'synonym'],
  ['CUSTOMER NO', 'reference', 'synonym'],
  ['Client ID', 'reference', 'synonym'],
  ['BILLING_POSTCODE', 'postcode', 'label'],
  ['billingCity', 'town', 'synonym'],
  ['Buyer Address 1', 'address1', 'label'],
  ['Insured Surname', 'surname', 'label'],
  ['Policyholder Postcode', 'postcode', 'label'],
  ['Inv Town', 'town', 'label'],
  ['Mailing Street', 'address1', 'synonym'],
  ['State/Region', 'county', 'synonym'],
  ['House/Street', 'address1', 'synonym'],
  ['Item Details', 'description', 'synonym'],
  ['Lineitem name', 'description', 'synonym'],
  ['product-name', 'description', 'synonym'],
  ['Goods', 'description', 'synonym'],
  ['Del Date', 'delivery_date', 'synonym'],
  ['Contact Number', 'telephone', 'synonym'],
  ['Phone 1', 'telephone', 'synonym'],
  ['LName', 'surname', 'synonym'],
  ['Replacement Value', 'total_value', 'synonym'],
  ['Date Bought', 'purchase_date', 'synonym'],
  ['Sales Invoice No', 'invoice_number', 'synonym'],
  ['Range Name', 'model', 'synonym'],
  ['Marketplace', 'sales_channel', 'guess'],
  ['Prefix', 'title', 'guess'],
  ['Pol. No.', 'policy', 'synonym'],
  ['P.Code', 'postcode', 'synonym'],
  ['Cnty', 'county', 'synonym'],
  ['POPostalCode', 'postcode', 'synonym'],
  ['Tel/Mob', 'telephone', 'guess'],
  ['Mr/Mrs/Miss', 'title', 'synonym'],
  ['Retailer ID', 'account_code', 'synonym'],
  ['Selling Price', 'total_value', 'synonym'],
  ['Daytime Phone', 'telephone', 'guess'],
  ['Insurance Premium', 'policy_premium', 'guess'],
  ['Policy/Cert No', 'policy', 'guess'],
  ['Store/Online', 'sales_channel', 'guess'],
  ['Delivery Due', 'delivery_date', 'guess'],
  ['Suburb', 'address2', 'guess'],
  // Headings that most likely mean a field without naming it: guesses, marked as such.
  ['Gross Premium', 'policy_premium', 'guess'],
  ['Total Premium', 'policy_premium', 'guess'],
  ['Lineitem price', 'total_value', 'guess'],
  ['Order Date', 'purchase_date', 'guess'],
  ['order_date', 'purchase_date', 'guess'],
  ['Paid at', 'purchase_date', 'guess'],
  ['Despatch Date', 'delivery_date', 'guess'],
  ['Dispatched On Date', 'delivery_date', 'guess'],
  ['Sale Type', 'sales_channel', 'guess'],
  ['Source', 'sales_channel', 'guess'],
  ['Area', 'address2', 'guess'],
  ['Mobile Phone Number', 'telephone', 'guess'],
];

/** Headings of the delivery address: read as the customer's address, as a guess, only in a file without it. */
const DELIVERY: ReadonlyArray<[string, EntryField]> = [
  ['Delivery Address', 'address1'],
  ['Shipping Address1', 'address1'],
  ['Del Address 2', 'address2'],
  ['Shipping City', 'town'],
  ['ship-postal-code', 'postcode'],
  ['Post To Postcode', 'postcode'],
  ['Postcode (Shipping)', 'postcode'],
  ['Last Name (Shipping)', 'surname'],
  ['Shipping Phone', 'telephone'],
];

/** Headings that look like a field's but are something else, or could be two fields: never matched. */
const LOOK_ALIKES: readonly string[] = [
  'Notes',
  'Name',
  'Full Name',
  'First Name',
  'Forename',
  'Customer',
  'Date',
  'Number',
  'Total',
  'Code',
  'Account Name',
  'Account Manager',
  'Policy Type',
  'Policy Start Date',
  'Premium Tax',
  'IPT',
  'Invoice Date',
  'Delivery Charge',
  'Delivery',
  'Purchase',
  'Email Opt-in',
  'Fax',
  'Phone Type',
  'Model Year',
  'Make & Model',
  'Unit Price',
  'Qty',
  'Status',
  'Sales Person',
  'Country',
  'Line',
  'Address Type',
  'Date of Birth',
  'Postcode Area',
  'Customer Name',
  'Billing Name',
  'Shipping Name',
  'billing_first_name',
  'Insured Name',
  'DOB',
  'Premium exc IPT',
  'Net Premium',
  'VAT',
  'Discount Amount',
  'Lineitem quantity',
  'Lineitem sku',
  'Item #',
  'Product Code',
  'Item Cost',
  'Shipping',
  'Shipping Cost',
  'Delivery Method',
  'Estimated Delivery Date',
  'Payment Method',
  'Created at',
  'createdAt',
  'Financial Status',
  'Order Status',
  'Order Total',
  'Gross Amount',
  'State',
  'Customer Code',
  'Inv Date',
  'Risk Postcode',
  'Home',
  'Web Address',
  'Contact ID',
  'Amount Paid',
  'Payment Date',
  'Postcode District',
  'Sales Agent',
  'Date Created',
  'Serial No',
  'Stock Code',
  'PO Number',
  'Pol Type',
  'SAAddressLine1',
  'Telephone 2',
  'Email 2',
  'Price Range',
];

describe('heading corpus', () => {
  it('covers all 26 fields with at least 60 headings, and 30 look-alikes', () => {
    expect(new Set(CORPUS.map(([, field]) => field))).toEqual(new Set(ENTRY_FIELDS));
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(LOOK_ALIKES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CORPUS)('%j → %s by %s', (heading, field, how) => {
    expect(readHeading(heading)).toEqual({ field, how });
    expect(matchHeadings([heading])).toEqual([{ field, how, candidates: [] }]);
  });

  it.each(DELIVERY)('%j → %s from the delivery address, as a guess', (heading, field) => {
    expect(readHeading(heading)).toEqual({ field, how: 'guess', delivery: true });
    expect(matchHeadings([heading])).toEqual([{ field, how: 'guess', candidates: [] }]);
  });

  it.each(LOOK_ALIKES)('%j stays unmatched', (heading) => {
    expect(matchHeadings([heading])[0]).toMatchObject({ field: null, how: null });
  });

  it('leaves a heading that could be two fields for the person, naming both', () => {
    expect(matchHeadings(['Date'])[0]!.candidates.sort()).toEqual(['delivery_date', 'purchase_date']);
    expect(matchHeadings(['Total'])[0]!.candidates.sort()).toEqual(['total_seats', 'total_value']);
  });

  it('reads the headings of one file together: names before guesses, a field to one column', () => {
    const header = ['Invoice', 'Invoice Ref', 'Phone', 'Mobile', 'Seats', 'Notes'];
    expect(matchHeadings(header)).toEqual([
      { field: null, how: null, candidates: ['invoice_number'] },
      { field: 'invoice_number', how: 'synonym', candidates: [] },
      { field: 'telephone', how: 'synonym', candidates: [] },
      { field: null, how: null, candidates: ['telephone'] },
      { field: 'total_seats', how: 'synonym', candidates: [] },
      { field: null, how: null, candidates: [] },
    ]);
  });

  it("takes the customer's address set, never the delivery one beside it, whichever comes first", () => {
    const header = [
      'Order Number',
      'Last Name (Shipping)',
      'Postcode (Shipping)',
      'Shipping City',
      'Last Name (Billing)',
    ];
    expect(matchHeadings([...header, 'Postcode (Billing)', 'City (Billing)', 'Shipping County'])).toEqual([
      { field: 'order_number', how: 'name', candidates: [] },
      { field: null, how: null, candidates: ['surname'] },
      { field: null, how: null, candidates: ['postcode'] },
      { field: null, how: null, candidates: ['town'] },
      { field: 'surname', how: 'synonym', candidates: [] },
      { field: 'postcode', how: 'label', candidates: [] },
      { field: 'town', how: 'synonym', candidates: [] },
      // The customer's set has no county: the delivery one's is not taken either (never a mix of two addresses).
      { field: null, how: null, candidates: ['county'] },
    ]);
    // An EPOS sale: the invoice address is the customer's; the delivery address is left out.
    expect(matchHeadings(['Del Postcode', 'Inv Postcode', 'Del Town', 'Inv Town']).map((m) => m.field)).toEqual([
      null,
      'postcode',
      null,
      'town',
    ]);
  });

  it("takes the delivery address, as a guess, in a file without the customer's own", () => {
    const header = [
      'Policy',
      'Customer Name',
      'Delivery Address 1',
      'Delivery Town',
      'Delivery Postcode',
      'Delivery Date',
    ];
    expect(matchHeadings(header).map((m) => [m.field, m.how])).toEqual([
      ['policy', 'name'],
      [null, null],
      ['address1', 'guess'],
      ['town', 'guess'],
      ['postcode', 'guess'],
      ['delivery_date', 'name'],
    ]);
  });

  it("reads 'Name' as the order number only in a web shop's order export", () => {
    const shop = ['Name', 'Email', 'Financial Status', 'Lineitem quantity', 'Lineitem name', 'Billing Name'];
    expect(matchHeadings(shop).map((m) => m.field)).toEqual(['order_number', 'email', null, null, 'description', null]);
    expect(matchHeadings(['Name', 'Email', 'Status'])[0]).toMatchObject({ field: null });
  });

  it('gives a field to a name or synonym before a heading that only most likely means it', () => {
    expect(matchHeadings(['Order Date', 'Sale Date', 'Source', 'Sales Channel']).map((m) => m.field)).toEqual([
      null,
      'purchase_date',
      null,
      'sales_channel',
    ]);
  });

  it('puts choices given for a heading before remembered ones, and both before the headings', () => {
    const header = ['Policy No', 'Ref', 'Inits'];
    const remembered = { policyno: 'reference', ref: null } as const;
    const given = { policyno: 'policy' } as const;
    expect(matchHeadings(header, remembered, given).map((m) => [m.field, m.how])).toEqual([
      ['policy', 'given'],
      [null, 'remembered'],
      ['initials', 'synonym'],
    ]);
  });
});
