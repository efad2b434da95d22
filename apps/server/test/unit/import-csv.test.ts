import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/modules/imports/csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks inside', () => {
    expect(parseCsv('A,B\r\n"x, y","say ""hi"""\n"two\nlines",z')).toEqual([
      ['A', 'B'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('takes the separator the heading row holds most of, and drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFCustomerNumber;Name\n10001;Fjord, Fisk AS\n')).toEqual([
      ['CustomerNumber', 'Name'],
      ['10001', 'Fjord, Fisk AS'],
    ]);
    expect(parseCsv('A\tB\n1\t2')).toEqual([
      ['A', 'B'],
      ['1', '2'],
    ]);
  });

  it('keeps empty lines as rows so that row numbers stay the file’s', () => {
    expect(parseCsv('A\n\n1\n')).toEqual([['A'], [''], ['1']]);
  });
});
