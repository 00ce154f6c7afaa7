import { describe, expect, it } from 'vitest';
import { ENTRY_FIELDS, FIELD_LABELS } from '@shared/entry/fields';
import {
  headerKey,
  matchColumns,
  missingRequired,
  rememberMapping,
  rowInput,
  type ColumnMapping,
} from '@shared/import/columns';

describe('headerKey', () => {
  it.each([
    ['Address 1', 'address1'],
    ['E-mail', 'email'],
    ['Policy_Premium', 'policypremium'],
    ['  Post.Code: ', 'postcode'],
    ['Zoë’s (notes)', 'zoësnotes'],
    ['', ''],
  ])('%j → %j', (text, key) => expect(headerKey(text)).toBe(key));
});

describe('matchColumns', () => {
  it('matches every field by its name and by its label', () => {
    expect(matchColumns(ENTRY_FIELDS)).toEqual([...ENTRY_FIELDS]);
    expect(matchColumns(ENTRY_FIELDS.map((f) => FIELD_LABELS[f]))).toEqual([...ENTRY_FIELDS]);
  });

  it('reads the address lines however they are written', () => {
    for (const heading of ['Address line 1', 'address_1', 'Address 1', 'ADDRESS1', 'Address Line1']) {
      expect(matchColumns([heading]), heading).toEqual(['address1']);
    }
    // The field's name is surer than its label: two columns for one field, the named one feeds it.
    expect(matchColumns(['Address line 2', 'ADDRESS 2'])).toEqual([null, 'address2']);
  });

  it('knows the headings other systems commonly use', () => {
    const header = ['Ref', 'Tel', 'Email Address', 'Premium', 'Order No', 'Invoice No', 'Post Code', 'Tel No.'];
    expect(matchColumns(header)).toEqual([
      'reference',
      'telephone',
      'email',
      'policy_premium',
      'order_number',
      'invoice_number',
      'postcode',
      null,
    ]);
  });

  it('leaves unknown and blank headings unmapped, and gives a field only to the first column naming it', () => {
    expect(matchColumns(['Notes', '', 'Surname', 'surname', 'E-Mail'])).toEqual([null, null, 'surname', null, 'email']);
  });

  it('puts remembered choices first, including a column the person chose to leave out', () => {
    const header = ['Cust Ref', 'Reference', 'Surname', 'Name'];
    const remembered = { custref: 'reference', surname: null, name: 'surname' } as const;
    expect(matchColumns(header, remembered)).toEqual(['reference', null, null, 'surname']);
  });

  it('ignores a remembered choice that names no field', () => {
    expect(matchColumns(['Ref'], { ref: 'not_a_field' as never })).toEqual([null]);
  });
});

describe('rememberMapping', () => {
  it('keys the choices by heading, and gives the same mapping back for the same header', () => {
    const header = ['Cust Ref', 'Reference', 'Notes', ''];
    const mapping: ColumnMapping = ['reference', null, 'description', 'surname'];
    const remembered = rememberMapping(header, mapping);
    expect(remembered).toEqual({ custref: 'reference', reference: null, notes: 'description' });
    expect(matchColumns(header, remembered)).toEqual(['reference', null, 'description', null]);
  });

  it('keeps the column that feeds a field when a heading appears twice', () => {
    expect(rememberMapping(['Notes', 'Notes'], [null, 'description'])).toEqual({ notes: 'description' });
  });
});

describe('missingRequired', () => {
  it('lists the required fields no column feeds, in the order given', () => {
    const mapping: ColumnMapping = ['surname', null, 'reference'];
    expect(missingRequired(mapping, ['account_code', 'reference', 'surname', 'postcode'])).toEqual([
      'account_code',
      'postcode',
    ]);
    expect(missingRequired(mapping, ['surname'])).toEqual([]);
  });
});

describe('rowInput', () => {
  const mapping: ColumnMapping = ['reference', null, 'surname', 'postcode'];

  it('takes the mapped cells as they are, and leaves out unmapped and missing cells', () => {
    expect(rowInput(['R1', 'ignored', ' Smith ', 'LS1 4AP', 'extra'], mapping)).toEqual({
      reference: 'R1',
      surname: ' Smith ',
      postcode: 'LS1 4AP',
    });
    expect(rowInput(['R2', 'x'], mapping)).toEqual({ reference: 'R2' });
    expect(rowInput(['R3', '', ''], mapping)).toEqual({ reference: 'R3', surname: '' });
  });
});
