import type { Appointment, Job, SchedulerData } from '@fieldport/contract';
import { json, type Req } from '../../test/app-harness.tsx';

/**
 * The planner's test data: two bookable technicians, a job with its appointment and an absence in a
 * week of the scheduler, and a server answering the planner's and the appointment dialog's calls.
 */
export const WAIT = { timeout: 15_000 };
export const DAY = '2026-03-02'; // a Monday

export const bookable = [
  { Id: 1, Name: 'Tina Tekniker', UserTypeId: 2, DepartmentId: 1 },
  { Id: 2, Name: 'Ola Olsen', UserTypeId: 2, DepartmentId: 1 },
];

export const job = (over: Partial<Job> = {}): Job => ({
  Id: 9,
  ParentId: null,
  DisplayName: 'Pump repair',
  OrderId: '10009',
  OrderIdMalformed: false,
  JobStatusId: 20,
  StatusName: 'Planned',
  StatusColor: '#1976d2',
  StatusIcon: 'Event',
  JobSubStatusId: null,
  SubStatusName: null,
  JobTypeId: 2,
  JobTypeName: 'Repair',
  JobPriorityId: 3,
  PriorityName: 'Normal',
  DueAfterHours: 72,
  EstimatedTime: 3,
  NoInvoice: false,
  CreatedDate: '2026-02-20T10:00:00',
  CreatedBy: 'Tina Tekniker',
  daysAgo: 10,
  hoursAgo: 240,
  CustomerId: 7,
  CustomerName: 'Berg AS',
  ContactPersonId: null,
  CustomerPersonId: null,
  ContactPerson: null,
  CustomerDeliveryAddress: null,
  DeliveryAddress: {
    Id: 4,
    Name: '',
    DisplayName: '',
    Street: 'Storgata 1',
    Zip: '0155',
    City: 'Oslo',
    County: '',
    Country: 'NO',
  } as Job['DeliveryAddress'],
  OrderDepartmentId: null,
  FirstLineComment: 'Call ahead',
  InvoiceReference: '',
  InvoiceCustomerId: null,
  InvoiceContactId: null,
  Flag: 0,
  InverseParent: [],
  Machines: [
    {
      Id: 5,
      Name: 'Pump NK 80',
      SerialNumber: 'S-1',
      Qrcode: null,
      ModelName: null,
      TypeName: null,
      AssetTypeName: null,
    },
  ],
  Appointments: [],
  IsCompleteable: true,
  IsApproveable: false,
  IsDeletable: true,
  RowVersion: 3,
  ...over,
});

const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  Id: 77,
  Subject: 'Pump repair',
  AppointmentDate: DAY,
  StartTime: `${DAY}T10:00:00`,
  EndTime: `${DAY}T12:00:00`,
  JobId: 9,
  Type: 1,
  IsAbsence: false,
  Participants: [{ Id: 1, Name: 'Tina Tekniker' }],
  RowVersion: 4,
  ...over,
});

const schedulerData = (): SchedulerData => ({
  events: [
    {
      id: 77,
      name: 'Pump repair',
      jobId: 9,
      jobTypeId: 2,
      jobTypeName: 'Repair',
      jobStatusId: 20,
      jobStatusName: 'Planned',
      address: 'Storgata 1',
      appointmentType: 1,
      isAbsence: false,
      startDate: `${DAY}T10:00:00`,
      endDate: `${DAY}T12:00:00`,
      rowVersion: 4,
    },
    {
      id: 78,
      name: 'Dentist',
      jobId: null,
      jobTypeId: null,
      jobTypeName: null,
      jobStatusId: null,
      jobStatusName: null,
      address: null,
      appointmentType: 1,
      isAbsence: true,
      startDate: `${DAY}T13:00:00`,
      endDate: `${DAY}T14:00:00`,
      rowVersion: 1,
    },
  ],
  assignments: [
    { eventId: 77, resourceId: 1 },
    { eventId: 78, resourceId: 2 },
  ],
});

/** The planner's and the dialog's server; `answer` may take a call first (a refusal). */
export function server(answer: (req: Req) => Response | undefined = () => undefined) {
  return (req: Req) => {
    const special = answer(req);
    if (special) return special;
    if (req.path === 'Scheduler/Resources')
      return json(
        200,
        bookable.map((u) => ({ id: u.Id, name: u.Name, departmentId: 1, type: 2 })),
      );
    if (req.path === 'Scheduler/DateRange/') return json(200, schedulerData());
    if (req.path === 'Appointment/bookable') return json(200, bookable);
    if (req.path === 'job/9') return json(200, job());
    if (req.path === 'Appointment/get/77') return json(200, appointment());
    if (req.path === 'Appointment/get/78')
      return json(200, appointment({ Id: 78, JobId: null, IsAbsence: true, Subject: 'Dentist' }));
    if (req.path === 'Appointment/create') return json(200, appointment({ Id: 90 }));
    if (req.path === 'Appointment/change') return json(200, appointment({ RowVersion: 5 }));
    if (req.path.startsWith('Appointment/delete/')) return json(200, { Id: 77 });
    return undefined;
  };
}

export const calls = (requests: Req[], path: string) => requests.filter((r) => r.path === path);
