import { toLocalDateTime } from '@fieldport/contract';
import { asc, eq } from 'drizzle-orm';
import {
  contractMachines,
  contracts,
  contractTypes,
  counterReadings,
  counters,
  machines,
  serviceAgreements,
} from '../db/schema/index.ts';
import { addDays, addMonths } from '../modules/agreements/agreements.policy.ts';
import type { Executor } from './factories/fake.ts';

const DAY_MS = 86_400_000;
/** The demo's contract types (issue 15), with the icons the Agreements menu shows. */
const TYPES = [
  { name: 'Full service', icon: 'Build', position: 1, intervalMonths: 6, price: 24_000 },
  { name: 'Inspection', icon: 'Checklist', position: 2, intervalMonths: 12, price: 6_500 },
  { name: 'Rental', icon: 'EventRepeat', position: 3, intervalMonths: 3, price: 48_000 },
];
const SERVICE_HOURS = 500;

/**
 * The demo company's agreements and counters (issue 15): three contract types; a contract on every
 * third machine (one contract per customer over its chosen machines, of a type by turn); a service
 * agreement per covered machine, some due by date within the coming weeks and some by hours; and an
 * operating-hours counter on each covered machine with a reading every week for a year. Deterministic:
 * the same machines give the same agreements.
 */
export async function seedDemoAgreements(
  db: Executor,
  opts: { now: Date; createdBy: number },
): Promise<void> {
  const today = toLocalDateTime(opts.now, 'Europe/Oslo').slice(0, 10);
  const types = await db
    .insert(contractTypes)
    .values(TYPES.map(({ name, icon, position }) => ({ name, icon, position })))
    .returning({ id: contractTypes.id });
  const all = await db
    .select({ id: machines.id, customerId: machines.customerId, name: machines.name })
    .from(machines)
    .where(eq(machines.isActive, true))
    .orderBy(asc(machines.id));
  const chosen = all.filter((_, i) => i % 3 === 0);
  const byCustomer = new Map<number, typeof chosen>();
  for (const m of chosen) byCustomer.set(m.customerId, [...(byCustomer.get(m.customerId) ?? []), m]);

  let n = 0;
  for (const [customerId, ms] of byCustomer) {
    const t = n % TYPES.length;
    const type = TYPES[t]!;
    const startDate = addMonths(today, -((n % 18) + 3));
    const [contract] = await db
      .insert(contracts)
      .values({
        contractTypeId: types[t]!.id,
        customerId,
        name: `${type.name} ${startDate.slice(0, 4)}`,
        startDate,
        endDate: n % 5 === 0 ? null : addMonths(startDate, 36),
        intervalMonths: type.intervalMonths,
        price: `${type.price + (n % 7) * 1500}.00`,
        notes: n % 2 === 0 ? 'Includes travel within 50 km.' : '',
      })
      .returning({ id: contracts.id });
    await db.insert(contractMachines).values(ms.map((m) => ({ contractId: contract!.id, machineId: m.id })));

    for (const m of ms) {
      n += 1;
      // A year of weekly operating-hours readings: 20 to 60 hours a week, steadily.
      const perWeek = 20 + ((m.id * 7) % 41);
      const start = 200 + ((m.id * 37) % 3000);
      const [counter] = await db
        .insert(counters)
        .values({ machineId: m.id, counterType: 1, name: 'Operating hours' })
        .returning({ id: counters.id });
      const readings = Array.from({ length: 52 }, (_, w) => ({
        counterId: counter!.id,
        value: String(start + perWeek * w),
        readAt: new Date(opts.now.getTime() - (51 - w) * 7 * DAY_MS - 3 * 3_600_000),
        userId: opts.createdBy,
      }));
      await db.insert(counterReadings).values(readings);
      const lastTotal = start + perWeek * 51;
      // Every other agreement counts hours too: its last visit some hundred hours ago.
      const byHours = n % 2 === 0;
      // The last visit spread over the interval: some visits due in the coming days, some overdue.
      const lastServiceDate = addDays(addMonths(today, -type.intervalMonths), (n % 45) - 5);
      await db.insert(serviceAgreements).values({
        machineId: m.id,
        contractId: contract!.id,
        name: `${type.name}: ${m.name}`.slice(0, 200),
        startDate,
        intervalMonths: type.intervalMonths,
        counterId: byHours ? counter!.id : null,
        counterInterval: byHours ? String(SERVICE_HOURS) : null,
        // Not before the agreement started.
        lastServiceDate: [lastServiceDate, startDate].sort().at(-1)!,
        lastServiceCounter: byHours ? String(lastTotal - SERVICE_HOURS + perWeek * ((n % 4) + 1)) : null,
        estimatedTime: String(1 + (n % 3)),
        createdBy: opts.createdBy,
      });
    }
  }
}
