import type { Job, JobListItem, OrderLine } from '@fieldport/contract';

/** Test data of the job screens: a job list item and a whole job as the API sends them. */

export function jobListItem(id: number, statusId = 10, over: Partial<JobListItem> = {}): JobListItem {
  return {
    Id: id,
    DisplayName: `Pump repair ${id}`,
    JobStatusId: statusId,
    StatusName: statusId === 50 ? 'Completed' : 'New',
    StatusColor: '#757575',
    StatusIcon: 'FiberNew',
    JobSubStatusId: null,
    SubStatusName: null,
    JobTypeId: 2,
    JobTypeName: 'Repair',
    JobPriorityId: 3,
    PriorityName: 'Normal',
    DueAfterHours: 72,
    CreatedDate: '2025-01-02T10:00:00',
    daysAgo: 400,
    hoursAgo: 9600,
    FirstLineComment: '',
    OrderId: String(10000 + id),
    OrderIdMalformed: false,
    CustomerId: 7,
    CustomerName: 'Berg AS',
    DeliveryAddress: null,
    Machines: [],
    Appointments: [],
    ...over,
  };
}

export function jobRecord(id: number, over: Partial<Job> = {}): Job {
  return {
    Id: id,
    ParentId: null,
    DisplayName: `Pump repair ${id}`,
    OrderId: String(10000 + id),
    OrderIdMalformed: false,
    JobStatusId: 10,
    StatusName: 'New',
    StatusColor: '#757575',
    StatusIcon: 'FiberNew',
    JobSubStatusId: null,
    SubStatusName: null,
    JobTypeId: 2,
    JobTypeName: 'Repair',
    JobPriorityId: 3,
    PriorityName: 'Normal',
    DueAfterHours: 72,
    EstimatedTime: 2,
    NoInvoice: false,
    CreatedDate: '2025-01-02T10:00:00',
    CreatedBy: 'Tina Tekniker',
    daysAgo: 400,
    hoursAgo: 9600,
    CustomerId: 7,
    CustomerName: 'Berg AS',
    ContactPersonId: 3,
    CustomerPersonId: 3,
    ContactPerson: null,
    CustomerDeliveryAddress: null,
    DeliveryAddress: null,
    OrderDepartmentId: null,
    FirstLineComment: 'Call ahead',
    InvoiceReference: '',
    InvoiceCustomerId: null,
    InvoiceContactId: null,
    Flag: 0,
    InverseParent: [
      {
        Id: id * 10 + 1,
        ParentId: id,
        OrderId: `${10000 + id}L1`,
        OrderIdMalformed: false,
        MachineId: 5,
        Machine: null,
        MachineName: 'Pump NK 80',
        CustomerComment: 'Leaks oil',
        TechnicianComment: '',
        InvoiceComment: '',
        SupplierFailureCodeId: null,
        WarrentyTypeId: null,
        RepairPlaceId: null,
        JobCategoryId: null,
        JobStatusId: 10,
        JobTypeId: 2,
        NoInvoice: false,
        Flag: 0,
        New: false,
        RowVersion: 1,
      },
    ],
    Machines: [],
    Appointments: [],
    IsCompleteable: true,
    IsApproveable: false,
    IsDeletable: true,
    RowVersion: 3,
    ...over,
  };
}

/** A part line of machine job `JobId` of job 1 as the order calls send it (2 × 199.50 less 10 %). */
export function orderLine(over: Partial<OrderLine> & Pick<OrderLine, 'Id' | 'JobId'>): OrderLine {
  return {
    ParentJobId: 1,
    ArticleId: 1,
    ArticleNumber: 'ART-100',
    Description: 'Gasket',
    Unit: 'pcs',
    Quantity: 2,
    UnitPrice: 199.5,
    CostPrice: 80,
    DiscountPercent: 10,
    VatPercent: 25,
    AmountExclVat: 359.1,
    StoreId: 3,
    StoreName: 'Main store',
    IsTime: false,
    UserId: null,
    UserName: null,
    WorkDate: null,
    NoInvoice: false,
    LinkedToLineId: null,
    Position: 1,
    Comment: '',
    RowVersion: 1,
    ...over,
  };
}

/** Job 1 with two machine jobs, 11 (Pump NK 80, order 10001L1) and 12 (Compressor GA 30, 10001L2). */
export function jobWithTwoMachineJobs(): Job {
  const subJob = (id: number, MachineName: string): Job['InverseParent'][number] => ({
    ...jobRecord(1).InverseParent[0]!,
    Id: id,
    OrderId: `10001L${id - 10}`,
    MachineName,
  });
  return jobRecord(1, { InverseParent: [subJob(11, 'Pump NK 80'), subJob(12, 'Compressor GA 30')] });
}
