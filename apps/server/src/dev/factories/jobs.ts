import { orderIdFor, PARTS_JOB_TYPE } from '@fieldport/contract';
import { count, eq, sql } from 'drizzle-orm';
import {
  customers,
  jobs,
  machineModels,
  machines as machinesTable,
  machineTypes,
} from '../../db/schema/index.ts';
import { ensureReferenceDataOnce, JobPriority, JobStatus, JobType } from '../../seed/reference-data.ts';
import { FAULTS, type MachineTypeName } from './catalogue.ts';
import { createCustomer } from './customers.ts';
import { defaultFake, type Executor, type Fake, one, pick } from './fake.ts';
import { createMachine, type Machine } from './machines.ts';

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

/**
 * The next parent order number, from the sequence the jobs module numbers with (migration 0005 starts
 * it past the numbers already stored), so factories, the demo and the API never give one twice.
 */
export async function nextParentOrderNumber(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`select nextval('job_order_numbers') as n`);
  return Number(rows[0]!.n);
}

/** After order numbers were given in bulk without the sequence: move it past `n`. */
export async function orderNumbersPast(db: Executor, n: number): Promise<void> {
  await db.execute(
    sql`select setval('job_order_numbers', greatest(${n}::bigint, last_value)) from job_order_numbers`,
  );
}

const TEMPLATES: Record<number, readonly string[]> = {
  [JobType.Service]: [
    'Annual service',
    'Preventive maintenance',
    'Service agreement visit',
    '2000-hour service',
    'Filter and oil change',
  ],
  [JobType.Repair]: [
    'Breakdown repair',
    'Fault finding',
    'Repair after alarm',
    'Urgent repair',
    'Leak repair',
  ],
  [JobType.Parts]: ['Spare parts order', 'Parts delivery', 'Wear parts kit', 'Filter kit delivery'],
  [JobType.Installation]: [
    'Installation and commissioning',
    'Relocation of equipment',
    'New installation',
    'Upgrade and retrofit',
  ],
  [JobType.Inspection]: [
    'Annual safety inspection',
    'Pressure vessel inspection',
    'Statutory inspection',
    'Condition survey',
  ],
};

/** A job's display name in the style a dispatcher writes: 'Annual service – compressors'. */
export function jobDisplayName(f: Fake, jobTypeId: number, machineType?: string): string {
  const what = pick(f, TEMPLATES[jobTypeId] ?? TEMPLATES[JobType.Service]!);
  return machineType
    ? `${what} – ${/^[A-Z]{2}/.test(machineType) ? machineType : machineType.toLowerCase()}`
    : what;
}

/** What the customer writes about one machine (never empty: a job needs a comment per machine). */
export function customerCommentFor(f: Fake, jobTypeId: number, machineType?: string): string {
  if (jobTypeId === JobType.Repair && machineType && machineType in FAULTS)
    return pick(f, FAULTS[machineType as MachineTypeName]);
  const byType: Record<number, readonly string[]> = {
    [JobType.Service]: [
      'Service according to agreement',
      'Yearly service, please call before arrival',
      'Service due by hour meter',
    ],
    [JobType.Parts]: [
      'Deliver to the goods reception',
      'Parts as per quotation',
      'Please send with the next visit',
    ],
    [JobType.Installation]: [
      'Install and commission; site is ready',
      'Move to new location in the hall',
      'Connect to the control system',
    ],
    [JobType.Inspection]: [
      'Inspection due this month',
      'Certificate expires soon',
      'Insurance requires inspection',
    ],
  };
  return pick(f, byType[jobTypeId] ?? ['Please check the machine']);
}

/** A parent job's values without customer links and order id. */
export function jobValues(f: Fake, overrides: Partial<NewJob> = {}, machineType?: string) {
  const jobTypeId = overrides.jobTypeId ?? JobType.Service;
  return {
    displayName: jobDisplayName(f, jobTypeId, machineType),
    jobStatusId: JobStatus.New,
    jobTypeId,
    jobPriorityId: JobPriority.Normal,
    estimatedTime: pick(f, ['1.00', '1.50', '2.00', '2.00', '3.00', '4.00', '6.00', '8.00']),
    firstLineComment: f.faker.datatype.boolean({ probability: 0.5 }) ? pick(f, FIRST_LINE) : '',
    ...overrides,
  } satisfies NewJob;
}

const FIRST_LINE = [
  'Customer called, contact the site manager on arrival',
  'Access through the loading bay, ask at reception',
  'Machine is critical for production',
  'Customer wants a quotation before parts are replaced',
  'Key at the reception, open 07–15',
  'Safety shoes and helmet required on site',
];

/** A machine sub-job's values: a child of `parent` for `machine`, numbered `n` under it. */
export function subJobValues(
  f: Fake,
  parent: Pick<
    Job,
    | 'id'
    | 'orderId'
    | 'jobTypeId'
    | 'jobStatusId'
    | 'jobPriorityId'
    | 'customerId'
    | 'contactPersonId'
    | 'deliveryAddressId'
    | 'orderDepartmentId'
    | 'createdBy'
    | 'createdAt'
  >,
  machine: Pick<Machine, 'id' | 'name'> | null,
  n: number,
  overrides: Partial<NewJob> = {},
  machineType?: string,
) {
  const jobTypeId = overrides.jobTypeId ?? parent.jobTypeId;
  return {
    parentId: parent.id,
    orderId: orderIdFor(jobTypeId, parent, n),
    displayName: machine?.name ?? jobDisplayName(f, jobTypeId, machineType),
    machineId: machine?.id ?? null,
    jobStatusId: parent.jobStatusId,
    jobTypeId,
    jobPriorityId: parent.jobPriorityId,
    customerId: parent.customerId,
    contactPersonId: parent.contactPersonId,
    deliveryAddressId: parent.deliveryAddressId,
    orderDepartmentId: parent.orderDepartmentId,
    createdBy: parent.createdBy,
    createdAt: parent.createdAt,
    updatedAt: parent.createdAt,
    customerComment: customerCommentFor(f, jobTypeId, machineType),
    ...overrides,
  } satisfies NewJob;
}

export interface JobOverrides extends Partial<NewJob> {
  /** Machines to make sub-jobs for, or how many new machines of the job's customer to make them for. */
  machines?: readonly Machine[] | number;
  /** Overrides for every sub-job made from `machines`. */
  subJob?: Partial<NewJob>;
}

export type JobWithSubJobs = Job & { subJobs: Job[] };

/**
 * A job. Without parentId: a parent job of a customer (a new one unless given) at its default delivery
 * address and contact, with the next order number; `machines` adds machine sub-jobs. With parentId:
 * a child of that job, inheriting its customer, status and type, numbered after its siblings.
 * Parts jobs (type 3) get no order id. Reference data is ensured on first use.
 */
export async function createJob(
  db: Executor,
  overrides: JobOverrides = {},
  f: Fake = defaultFake,
): Promise<JobWithSubJobs> {
  await ensureReferenceDataOnce(db);
  const { machines, subJob, ...values } = overrides;
  if (values.parentId != null) {
    const [parent] = await db.select().from(jobs).where(eq(jobs.id, values.parentId));
    if (!parent) throw new Error(`createJob: no parent job ${values.parentId}`);
    const [siblings] = await db.select({ n: count() }).from(jobs).where(eq(jobs.parentId, parent.id));
    const machine = values.machineId ? await machineWithType(db, values.machineId) : null;
    const child = subJobValues(
      f,
      parent,
      machine,
      (siblings?.n ?? 0) + 1,
      values,
      machine?.typeName ?? undefined,
    );
    return { ...one(await db.insert(jobs).values(child).returning()), subJobs: [] };
  }

  if (values.customerId === undefined) {
    const c = await createCustomer(db, {}, f);
    values.customerId = c.id;
    values.deliveryAddressId ??= c.defaultDeliveryAddressId;
    values.contactPersonId ??= c.defaultCustomerPersonId;
  } else if (
    values.customerId !== null &&
    (values.deliveryAddressId === undefined || values.contactPersonId === undefined)
  ) {
    const [c] = await db.select().from(customers).where(eq(customers.id, values.customerId));
    values.deliveryAddressId ??= c?.defaultDeliveryAddressId ?? null;
    values.contactPersonId ??= c?.defaultCustomerPersonId ?? null;
  }
  const jobTypeId = values.jobTypeId ?? JobType.Service;
  const orderId =
    'orderId' in values
      ? values.orderId
      : jobTypeId === PARTS_JOB_TYPE
        ? null
        : orderIdFor(jobTypeId, null, await nextParentOrderNumber(db));
  const machineList: Machine[] = [];
  if (typeof machines === 'number') {
    if (values.customerId === null) throw new Error('createJob: new machines need a customer');
    for (let i = 0; i < machines; i++)
      machineList.push(await createMachine(db, { customerId: values.customerId }, f));
  } else machineList.push(...(machines ?? []));
  const typed: Awaited<ReturnType<typeof machineWithType>>[] = [];
  for (const m of machineList) typed.push(await machineWithType(db, m.id));
  const parent = one(
    await db
      .insert(jobs)
      .values(jobValues(f, { ...values, jobTypeId, orderId }, typed[0]?.typeName ?? undefined))
      .returning(),
  );
  if (machineList.length === 0) return { ...parent, subJobs: [] };
  const subJobs = await db
    .insert(jobs)
    .values(
      machineList.map((m, i) => subJobValues(f, parent, m, i + 1, subJob, typed[i]?.typeName ?? undefined)),
    )
    .returning();
  return { ...parent, subJobs };
}

async function machineWithType(db: Executor, machineId: number) {
  const [row] = await db
    .select({ id: machinesTable.id, name: machinesTable.name, typeName: machineTypes.name })
    .from(machinesTable)
    .leftJoin(machineModels, eq(machineModels.id, machinesTable.machineModelId))
    .leftJoin(machineTypes, eq(machineTypes.id, machineModels.machineTypeId))
    .where(eq(machinesTable.id, machineId));
  return row ?? null;
}
