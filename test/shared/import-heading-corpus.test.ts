import { describe, expect, it } from 'vitest';
import { ENTRY_FIELDS, type EntryField } from '../../shared/entry/fields';
import { matchHeadings, readHeading, type MatchHow } from '../../shared/import/columns';

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
  'Gross Premium',
  'Invoice Date',
  'Order Date',
  'Delivery Address',
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
