import { describe, expect, it } from 'vitest';
import { jobRecord } from '../../test-data.ts';
import { copiedValues, machinesOf, type NewJobValues } from './new-job-form.ts';

/** The overview's values before the copied job is read (as NewJobOverviewPage starts them). */
const base = {
  CustomerId: 7,
  CustomerDeliveryAddress: 71,
  ContactPersonId: 3,
  JobStatusId: 10,
  JobTypeId: null,
  JobPriorityId: null,
  EstimatedTime: '',
  OrderDepartmentId: null,
  FirstLineComment: '',
  InvoiceReference: '',
  Machines: [],
} as unknown as NewJobValues;

const source = jobRecord(555, {
  DisplayName: 'Pump repair at the quay',
  JobStatusId: 40,
  JobSubStatusId: 41,
  EstimatedTime: 2.5,
  InvoiceReference: 'PO-77',
  InverseParent: [
    {
      ...jobRecord(555).InverseParent[0]!,
      MachineId: 5,
      CustomerComment: 'Leaks oil',
      TechnicianComment: 'Seal worn',
      WarrentyTypeId: 1,
      RepairPlaceId: 2,
      JobCategoryId: 3,
      SupplierFailureCodeId: 4,
    },
    { ...jobRecord(555).InverseParent[0]!, Id: 5552, MachineId: 6, CustomerComment: 'Noisy' },
  ],
});

describe('copying a job (000 §4)', () => {
  it('clears Id and DisplayName, sets status 10 and no sub-status', () => {
    const copy = copiedValues({ ...source, JobStatusId: 50 }, { ...base, JobStatusId: 50 }, [5], undefined);
    expect(copy).not.toHaveProperty('Id');
    expect(copy.DisplayName).toBe('');
    expect(copy.JobStatusId).toBe(10);
    expect(copy.JobSubStatusId).toBeNull();
  });

  it('keeps the other details of the job', () => {
    const copy = copiedValues(source, base, [5], undefined);
    expect(copy).toMatchObject({
      CustomerId: 7,
      JobTypeId: 2,
      JobPriorityId: 3,
      EstimatedTime: '2,5',
      FirstLineComment: 'Call ahead',
      InvoiceReference: 'PO-77',
      NoInvoice: false,
    });
  });

  it('copies each machine with its comment and codes; a machine added since starts empty', () => {
    expect(machinesOf(source)).toEqual([5, 6]);
    const copy = copiedValues(source, base, [5, 6, 9], 8);
    expect(copy.Machines).toEqual([
      {
        MachineId: 5,
        CustomerComment: 'Leaks oil',
        WarrentyTypeId: 1,
        RepairPlaceId: 2,
        JobCategoryId: 3,
        SupplierFailureCodeId: 4,
      },
      {
        MachineId: 6,
        CustomerComment: 'Noisy',
        WarrentyTypeId: null,
        RepairPlaceId: null,
        JobCategoryId: null,
        SupplierFailureCodeId: null,
      },
      {
        MachineId: 9,
        CustomerComment: '',
        WarrentyTypeId: null,
        RepairPlaceId: null,
        JobCategoryId: 8,
        SupplierFailureCodeId: null,
      },
    ]);
  });
});
