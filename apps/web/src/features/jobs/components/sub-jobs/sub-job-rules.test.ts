import { describe, expect, it } from 'vitest';
import { jobRecord } from '../../test-data.ts';
import { changeBody, flagLevel, flagValue, isTemporaryId, temporaryIds } from './sub-job-rules.ts';

describe('a new sub-job’s temporary id (000 §4)', () => {
  it('is the current time in milliseconds, the following ones for several added at once', () => {
    const now = Date.UTC(2026, 10, 24, 9, 0, 0);
    expect(temporaryIds(3, now)).toEqual([now, now + 1, now + 2]);
  });

  it('never repeats an id already taken by an unsaved line', () => {
    const now = 1_800_000_000_000;
    expect(temporaryIds(2, now, [now, now + 1])).toEqual([now + 2, now + 3]);
    expect(temporaryIds(1, now + 10, [now])).toEqual([now + 10]);
  });

  it('is told apart from a saved sub-job’s id', () => {
    expect(isTemporaryId(temporaryIds(1)[0]!)).toBe(true);
    expect(isTemporaryId(4711)).toBe(false);
  });
});

describe('a sub-job’s flag (000 §3: 0 ok, 1 notice, above 1 problem)', () => {
  it('reads 0 as ok, 1 as notice and anything above 1 as problem', () => {
    expect(flagLevel(0)).toBe('ok');
    expect(flagLevel(1)).toBe('notice');
    expect(flagLevel(2)).toBe('problem');
    expect(flagLevel(9)).toBe('problem');
  });

  it('sets ok as 0, notice as 1 and problem as 2', () => {
    expect(flagValue('ok')).toBe(0);
    expect(flagValue('notice')).toBe(1);
    expect(flagValue('problem')).toBe(2);
  });
});

describe('a sub-job change', () => {
  it('sends every field as it is with the change, against the row version read', () => {
    const sub = {
      ...jobRecord(4).InverseParent[0]!,
      RowVersion: 7,
      WarrentyTypeId: 2,
      InvoiceComment: 'Bill',
    };
    expect(changeBody(sub, { TechnicianComment: 'Seal replaced' })).toEqual({
      CustomerComment: 'Leaks oil',
      TechnicianComment: 'Seal replaced',
      InvoiceComment: 'Bill',
      WarrentyTypeId: 2,
      RepairPlaceId: null,
      JobCategoryId: null,
      SupplierFailureCodeId: null,
      NoInvoice: false,
      RowVersion: 7,
    });
  });
});
