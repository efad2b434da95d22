import { eq, sql } from 'drizzle-orm';
import {
  contractMachines,
  contracts,
  contractTypes,
  counterReadings,
  counters,
  serviceAgreements,
} from '../../db/schema/index.ts';
import { refreshAgreementDue, refreshCounterDue } from '../../modules/agreements/next-due.repository.ts';
import { defaultFake, type Executor, type Fake, one } from './fake.ts';

export type ContractTypeRow = typeof contractTypes.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type CounterRowOf = typeof counters.$inferSelect;
export type ServiceAgreementRow = typeof serviceAgreements.$inferSelect;

/** A contract type with a name no other has. */
export async function createContractType(
  db: Executor,
  overrides: Partial<typeof contractTypes.$inferInsert> = {},
  f: Fake = defaultFake,
): Promise<ContractTypeRow> {
  return one(
    await db
      .insert(contractTypes)
      .values({
        name: f.unique(`${f.faker.commerce.productAdjective()} contract`),
        icon: 'Handyman',
        ...overrides,
      })
      .returning(),
  );
}

/** A customer's contract (a year from today unless given) over `machineIds`. */
export async function createContract(
  db: Executor,
  values: { contractTypeId: number; customerId: number; machineIds?: number[] } & Partial<
    typeof contracts.$inferInsert
  >,
  f: Fake = defaultFake,
): Promise<ContractRow> {
  const { machineIds = [], ...rest } = values;
  const row = one(
    await db
      .insert(contracts)
      .values({
        name: `${f.faker.company.buzzNoun()} service`,
        startDate: sql`current_date` as unknown as string,
        intervalMonths: 6,
        price: `${f.faker.number.int({ min: 2, max: 60 }) * 1000}.00`,
        ...rest,
      })
      .returning(),
  );
  if (machineIds.length)
    await db
      .insert(contractMachines)
      .values(machineIds.map((machineId) => ({ contractId: row.id, machineId })));
  return row;
}

/** A machine's counter (operating hours unless given; no name of its own unless given: its type names it) with readings `[value, instant]`. */
export async function createCounter(
  db: Executor,
  values: { machineId: number; readings?: [number, Date][] } & Partial<typeof counters.$inferInsert>,
): Promise<CounterRowOf> {
  const { readings = [], ...rest } = values;
  const row = one(
    await db
      .insert(counters)
      .values({ counterType: 1, ...rest })
      .returning(),
  );
  if (readings.length)
    await db
      .insert(counterReadings)
      .values(readings.map(([value, readAt]) => ({ counterId: row.id, value: String(value), readAt })));
  return row;
}

/** Readings `[value, instant]` added to a counter, its agreements' due days told again (as the service does). */
export async function addReadings(db: Executor, counterId: number, readings: [number, Date][]) {
  await db
    .insert(counterReadings)
    .values(readings.map(([value, readAt]) => ({ counterId, value: String(value), readAt })));
  await refreshCounterDue(db, counterId);
}

/** A machine's service agreement (every 6 months from today unless given). */
export async function createServiceAgreement(
  db: Executor,
  values: { machineId: number } & Partial<typeof serviceAgreements.$inferInsert>,
): Promise<ServiceAgreementRow> {
  const { id } = one(
    await db
      .insert(serviceAgreements)
      .values({
        name: 'Periodic service',
        startDate: sql`current_date` as unknown as string,
        intervalMonths: 6,
        ...values,
      })
      .returning({ id: serviceAgreements.id }),
  );
  await refreshAgreementDue(db, id);
  return one(await db.select().from(serviceAgreements).where(eq(serviceAgreements.id, id)));
}
