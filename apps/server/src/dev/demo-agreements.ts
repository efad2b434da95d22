import { toLocalDateTime } from '@fieldport/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
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
import { refreshNextDue } from '../modules/agreements/next-due.repository.ts';
import type { Executor } from './factories/fake.ts';

const DAY_MS = 86_400_000;
/** The demo's contract types (issue 15), with the icons the Agreements menu shows. */
const TYPES = [
  { name: 'Full service', icon: 'Build', position: 1, intervalMonths: 6, price: 24_000 },
  { name: 'Inspection', icon: 'Checklist', position: 2, intervalMonths: 12, price: 6_500 },
  { name: 'Rental', icon: 'Handshake', position: 5, intervalMonths: 3, price: 48_000 },
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
  // All three are built in (seed/reference-data.ts, names from reference.json): kept as they are.
  await db
    .insert(contractTypes)
    .values(TYPES.map(({ name, icon, position }) => ({ name, icon, position })))
    .onConflictDoNothing();
  const named = await db
    .select({ id: contractTypes.id, name: contractTypes.name })
    .from(contractTypes)
    .where(
      inArray(
        contractTypes.name,
        TYPES.map((t) => t.name),
      ),
    );
  const types = TYPES.map((t) => named.find((n) => n.name === t.name)!);
  const all = await db
    .select({ id: machines.id, customerId: machines.customerId, name: machines.name })
    .from(machines)
    .where(eq(machines.isActive, true))
    .orderBy(asc(machines.id));
  const chosen = all.filter((_, i) => i % 3 === 0);
  const byCustomer = new Map<number, typeof chosen>();
  for (const m of chosen) byCustomer.set(m.customerId, [...(byCustomer.get(m.customerId) ?? []), m]);

  // A handful of statements in all (the demo seed has a time budget): every row of a kind at once.
  const groups = [...byCustomer.entries()].map(([customerId, ms], g) => {
    const t = g % TYPES.length;
    return { customerId, ms, t, startDate: addMonths(today, -((g % 18) + 3)) };
  });
  const contractRows = await db
    .insert(contracts)
    .values(
      groups.map(({ customerId, t, startDate }, g) => ({
        contractTypeId: types[t]!.id,
        customerId,
        // A contract number as its title: the company's own text, in no one language (decision 078).
        name: `${startDate.slice(0, 4)}-${String(g + 1).padStart(3, '0')}`,
        startDate,
        endDate: g % 5 === 0 ? null : addMonths(startDate, 36),
        intervalMonths: TYPES[t]!.intervalMonths,
        price: `${TYPES[t]!.price + (g % 7) * 1500}.00`,
        notes: g % 2 === 0 ? 'Includes travel within 50 km.' : '',
      })),
    )
    .returning({ id: contracts.id });
  const covered = groups.flatMap((grp, g) =>
    grp.ms.map((m) => ({ m, grp, contractId: contractRows[g]!.id })),
  );
  await db
    .insert(contractMachines)
    .values(covered.map(({ m, contractId }) => ({ contractId, machineId: m.id })));
  const counterRows = await db
    .insert(counters)
    .values(covered.map(({ m }) => ({ machineId: m.id, counterType: 1 })))
    .returning({ id: counters.id });
  // A year of weekly operating-hours readings: 20 to 60 hours a week, steadily.
  const use = covered.map(({ m }) => ({
    perWeek: 20 + ((m.id * 7) % 41),
    start: 200 + ((m.id * 37) % 3000),
  }));
  await db.insert(counterReadings).values(
    covered.flatMap((_, i) =>
      Array.from({ length: 52 }, (__, w) => ({
        counterId: counterRows[i]!.id,
        value: String(use[i]!.start + use[i]!.perWeek * w),
        readAt: new Date(opts.now.getTime() - (51 - w) * 7 * DAY_MS - 3 * 3_600_000),
        userId: opts.createdBy,
      })),
    ),
  );
  await db.insert(serviceAgreements).values(
    covered.map(({ m, grp, contractId }, i) => {
      const n = i + 1;
      const type = TYPES[grp.t]!;
      const { perWeek, start } = use[i]!;
      const lastTotal = start + perWeek * 51;
      // Every other agreement counts hours too: its last visit some hundred hours ago.
      const byHours = n % 2 === 0;
      // The last visit spread over the interval: some visits due in the coming days, some overdue.
      const lastServiceDate = addDays(addMonths(today, -type.intervalMonths), (n % 45) - 5);
      return {
        machineId: m.id,
        contractId,
        // The machine it serves: the type's name is shown beside it, in the reader's language.
        name: m.name.slice(0, 200),
        startDate: grp.startDate,
        intervalMonths: type.intervalMonths,
        counterId: byHours ? counterRows[i]!.id : null,
        counterInterval: byHours ? String(SERVICE_HOURS) : null,
        // Not before the agreement started.
        lastServiceDate: [lastServiceDate, grp.startDate].sort().at(-1)!,
        lastServiceCounter: byHours ? String(lastTotal - SERVICE_HOURS + perWeek * ((n % 4) + 1)) : null,
        estimatedTime: String(1 + (n % 3)),
        createdBy: opts.createdBy,
      };
    }),
  );
  await refreshNextDue(db, sql`next_due is null`);
}
