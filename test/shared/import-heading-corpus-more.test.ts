import { describe, expect, it } from 'vitest';
import type { EntryField } from '@shared/entry/fields';
import { matchHeadings, readHeading, type MatchHow } from '@shared/import/columns';

/**
 * More of the heading corpus (import-heading-corpus.test.ts): abbreviations, the kinds of goods and
 * headings that most likely mean a field, each read on its own, with look-alikes that stay unmatched.
 */
const CORPUS: ReadonlyArray<[string, EntryField, MatchHow]> = [
  // Ordinals, "Add." and "Col.", the kinds of goods, and more headings that most likely mean a field.
  ['1st Line Addr', 'address1', 'synonym'],
  ['2nd Line of Address', 'address2', 'synonym'],
  ['Email Add.', 'email', 'synonym'],
  ['Add 1', 'address1', 'synonym'],
  ['Col.', 'colour', 'synonym'],
  ['Col', 'colour', 'synonym'],
  ['Item', 'description', 'guess'],
  ['Item Type', 'description', 'guess'],
  ['Bed/Sofa', 'description', 'guess'],
  ['Sofa Price', 'total_value', 'guess'],
  ['Finish', 'colour', 'guess'],
  ['Style', 'model', 'guess'],
  ['Seater', 'total_seats', 'guess'],
  ['No. of Seaters', 'total_seats', 'guess'],
  ['Leather/Fabric', 'fabric', 'guess'],
  ['Sell Price', 'total_value', 'guess'],
  ['Cash Price', 'total_value', 'guess'],
  ['Amount', 'total_value', 'guess'],
  ['Line Value', 'total_value', 'guess'],
  ['Gross Written Premium', 'policy_premium', 'guess'],
  ['Certificate Reference', 'policy', 'guess'],
  ['Cert', 'policy', 'guess'],
  ['Branch Code', 'account_code', 'guess'],
  ['House Number', 'address1', 'guess'],
  ['Shipment Date', 'delivery_date', 'guess'],
  ['Fulfilled at', 'delivery_date', 'guess'],
  ['Fulfilled Date', 'delivery_date', 'guess'],
  // The protection plan's number and price; a place of the address; a list of alternatives.
  ['Plan No', 'policy', 'guess'],
  ['Guard Policy No', 'policy', 'guess'],
  ['Protection Cert', 'policy', 'guess'],
  ['Warranty Ref', 'policy', 'guess'],
  ['Guard Premium', 'policy_premium', 'guess'],
  ['Care Plan £', 'policy_premium', 'guess'],
  ['Protection Cost', 'policy_premium', 'guess'],
  ['ADDR_TOWN', 'town', 'synonym'],
  ['Address County', 'county', 'synonym'],
  ['Address Postcode', 'postcode', 'synonym'],
  ['Insured State, Province, Territory, Region or similar', 'county', 'guess'],
  ['Postcode / Zip Code or similar', 'postcode', 'guess'],
];

/** Headings that look like those above but are something else: never matched. */
const LOOK_ALIKES: readonly string[] = [
  'Add-ons',
  'Add On Cover',
  'Col 3',
  'Column',
  'Subtotal',
  'Line',
  'Line No',
  'Item Code',
  'Item Qty',
  'Bed Size',
  'Style No',
  'Finish Date',
  'Certificate Date',
  'Branch Name',
  'House Type',
  'Cover Start',
  'Plan Type',
  'Policy Guard',
  'Cover',
  'Cover Level',
  'Care Plan',
  'Protection Plan',
  'Warranty Period',
  'Cover Start Date',
  'Guard Policy Type',
  'Plan Name',
  'Address Country',
  'Address Type Code',
  'Name/Postcode',
  'Date/Time',
];

describe('heading corpus, continued', () => {
  it.each(CORPUS)('%j → %s by %s', (heading, field, how) => {
    expect(readHeading(heading)).toEqual({ field, how });
    expect(matchHeadings([heading])).toEqual([{ field, how, candidates: [] }]);
  });

  it.each(LOOK_ALIKES)('%j stays unmatched', (heading) => {
    expect(matchHeadings([heading])[0]).toMatchObject({ field: null, how: null });
  });

  it('reads a heading by the others of its file', () => {
    const fields = (header: string[]) => matchHeadings(header).map((m) => [m.field, m.how]);
    // Beside a salutation, "Title" is a job title.
    expect(fields(['Title', 'Salutation', 'Surname'])).toEqual([
      [null, null],
      ['title', 'synonym'],
      ['surname', 'name'],
    ]);
    expect(fields(['Title', 'Surname'])[0]).toEqual(['title', 'name']);
    // Beside the house number or name, the street is the second line.
    expect(fields(['House No/Name', 'Street', 'Town'])).toEqual([
      ['address1', 'guess'],
      ['address2', 'guess'],
      ['town', 'name'],
    ]);
    expect(fields(['House Name', 'Street', 'Locality']).slice(1)).toEqual([
      ['address1', 'synonym'],
      ['address2', 'synonym'],
    ]);
    // Beside a town or postcode, "State" is the county; beside an order's columns it is left out.
    expect(fields(['City', 'State', 'Zip'])[1]).toEqual(['county', 'guess']);
    expect(fields(['Order ID', 'State', 'Total'])[1]).toEqual([null, null]);
    expect(fields(['City', 'State', 'County'])[1]).toEqual([null, null]);
    // Beside a colour, "Cover" is the upholstery.
    expect(fields(['Cover', 'Colour'])[0]).toEqual(['fabric', 'guess']);
    expect(fields(['Cover', 'Colour', 'Fabric'])[0]).toEqual([null, null]);
    expect(fields(['Cover', 'Premium'])[0]).toEqual([null, null]);
    // In a file of sales without a date of purchase or delivery, the date the invoice or record was made is the sale's.
    expect(fields(['Invoice No', 'InvoiceDate', 'Total Value'])[1]).toEqual(['purchase_date', 'guess']);
    expect(fields(['Created at', 'Lineitem price'])[0]).toEqual(['purchase_date', 'guess']);
    expect(fields(['Application Date', 'Surname'])[0]).toEqual([null, null]);
    expect(fields(['Invoice Date', 'Sale Date', 'Value'])[0]).toEqual([null, null]);
    expect(fields(['Invoice Date', 'Despatch Date', 'Invoice No'])[0]).toEqual([null, null]);
    expect(fields(['Order No', 'Created at', 'Despatch Date'])[1]).toEqual(['purchase_date', 'guess']);
    expect(fields(['Cash Price', 'Application Date', 'Delivered'])[1]).toEqual(['purchase_date', 'guess']);
    expect(fields(['Invoice No', 'Close Date', 'Despatch Date'])[1]).toEqual([null, null]);
    // Beside a colour, "Cover" is the upholstery.
    expect(fields(['Cover', 'Colour'])[0]).toEqual(['fabric', 'guess']);
    expect(fields(['Cover', 'Colour', 'Fabric'])[0]).toEqual([null, null]);
    expect(fields(['Cover', 'Premium'])[0]).toEqual([null, null]);
    // In a file of sales without an item's price, the order's subtotal is the value.
    expect(fields(['Order ID', 'Subtotal (inc tax)', 'Order Total'])[1]).toEqual(['total_value', 'guess']);
    expect(fields(['Order ID', 'Subtotal', 'Lineitem price'])[1]).toEqual([null, null]);
    // Else the order's or invoice's one total.
    expect(fields(['InvoiceNumber', 'Total', 'TaxTotal']).slice(1)).toEqual([
      ['total_value', 'guess'],
      [null, null],
    ]);
    expect(fields(['Invoice No', 'Net', 'Gross'])[2]).toEqual(['total_value', 'guess']);
    expect(fields(['Order ID', 'Grand Total', 'Subtotal']).slice(1)).toEqual([
      [null, null],
      ['total_value', 'guess'],
    ]);
    expect(fields(['Order ID', 'Total', 'Lineitem price'])[1]).toEqual([null, null]);
    expect(fields(['Order ID', 'Total', 'Invoice Total'])[1]).toEqual([null, null]);
    expect(fields(['Surname', 'Total'])[1]).toEqual([null, null]);
    expect(fields(['Invoice Date', 'Created at', 'Value']).slice(0, 2)).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
