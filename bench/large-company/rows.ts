// The large company's rows, generated in Node from seeded PRNGs (one per table, so a change to one
// table's rows leaves the others as they were). Ids are given here, past the demo company's, so jobs
// can name their customer's address and machines without reading anything back.
import type { Cell } from './copy.ts';
import { mulberry32, pickOf } from './prng.ts';
import type { CompanySize } from './size.ts';

/** The first free id of each table after the demo company was seeded, and the first order number. */
export interface Bases {
  partner: number;
  customer: number;
  address: number;
  machine: number;
  job: number;
  user: number;
  appointment: number;
  orderNumber: number;
  customerNumber: number;
  customerGroups: number;
}

/** Cities with places, by department: 1 eastern Norway, 2 the rest of Norway, 3 the other Nordics. */
const CITIES = [
  { city: 'Oslo', zip: '0150', country: 'Norway', lat: 59.9139, lng: 10.7522, dept: 1, weight: 6 },
  { city: 'Drammen', zip: '3015', country: 'Norway', lat: 59.7439, lng: 10.2045, dept: 1, weight: 2 },
  { city: 'Fredrikstad', zip: '1606', country: 'Norway', lat: 59.2181, lng: 10.9298, dept: 1, weight: 1 },
  { city: 'Bergen', zip: '5003', country: 'Norway', lat: 60.3913, lng: 5.3221, dept: 2, weight: 3 },
  { city: 'Trondheim', zip: '7010', country: 'Norway', lat: 63.4305, lng: 10.3951, dept: 2, weight: 2 },
  { city: 'Stavanger', zip: '4006', country: 'Norway', lat: 58.97, lng: 5.7331, dept: 2, weight: 2 },
  { city: 'Göteborg', zip: '411 03', country: 'Sweden', lat: 57.7089, lng: 11.9746, dept: 3, weight: 2 },
  { city: 'Stockholm', zip: '111 20', country: 'Sweden', lat: 59.3293, lng: 18.0686, dept: 3, weight: 2 },
  { city: 'Malmö', zip: '211 20', country: 'Sweden', lat: 55.605, lng: 13.0038, dept: 3, weight: 1 },
  { city: 'København', zip: '1050', country: 'Denmark', lat: 55.6761, lng: 12.5683, dept: 3, weight: 1 },
];
const CITY_BAG = CITIES.flatMap((c) => Array.from({ length: c.weight }, () => c));
const NAME_A = ['Fjord', 'Berg', 'Vik', 'Dal', 'Strand', 'Lund', 'Holm', 'Nes', 'Sand', 'Nord'];
const NAME_B = ['Mekaniske', 'Industri', 'Bygg', 'Transport', 'Energi', 'Marine'];
const STREETS = ['Industriveien', 'Havnegata', 'Storgata', 'Verkstedveien', 'Fabrikkgata', 'Kaiveien'];
const MODELS = ['Compressor GA 30', 'Forklift E25', 'Pump NK 80', 'Boiler CW 200', 'Generator P110'];
const JOB_NAMES = [
  'Annual service',
  'Fault finding',
  'Spare parts order',
  'Installation and commissioning',
  'Statutory inspection',
];
const WORDS = ['compressors', 'forklifts', 'pumps', 'boilers', 'generators'];
const FIRST_LINE = [
  'Customer called, contact the site manager on arrival',
  'Machine is critical for production',
  'Key at the reception, open 07–15',
  'Safety shoes and helmet required on site',
];
const CUSTOMER_COMMENTS = [
  'Service according to agreement',
  'Makes a loud noise',
  'Leaks oil',
  'Does not start',
];
const FIRST_NAMES = ['Ola', 'Kari', 'Lars', 'Ingrid', 'Erik', 'Sofie', 'Anders', 'Nora', 'Johan', 'Emma'];
const LAST_NAMES = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersson', 'Nilsson', 'Berg', 'Lund'];
const OPEN = [10, 10, 10, 20, 20, 30, 40, 50, 60, 60];

const iso = (ms: number) => new Date(ms).toISOString();

/** What the job rows need to know of a customer: its department (by city) and main address. */
export class Company {
  readonly cityOf: Int8Array;
  /** Whether the customer has a second site (address id = main + customers). */
  readonly secondSite: Uint8Array;
  /**
   * Each placed address's point, noted as addresses() yields it: the loader turns the database's
   * triggers off, so the jobs carry their address's point themselves (migration 0037).
   */
  readonly points = new Map<number, [number, number]>();
  readonly partnerOf: Int16Array;
  readonly size: CompanySize;
  readonly bases: Bases;
  constructor(size: CompanySize, bases: Bases) {
    this.size = size;
    this.bases = bases;
    const r = mulberry32(1301);
    const n = size.customers;
    this.cityOf = new Int8Array(n);
    this.secondSite = new Uint8Array(n);
    this.partnerOf = new Int16Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
      this.cityOf[i] = CITIES.indexOf(pickOf(r, CITY_BAG));
      this.secondSite[i] = r() < 0.2 ? 1 : 0;
      // 30 % are partner-owned, a few partners owning most of them.
      if (r() < 0.3) this.partnerOf[i] = Math.floor(size.partners * r() ** 2);
    }
  }
  customerId = (i: number) => this.bases.customer + i;
  mainAddressId = (i: number) => this.bases.address + i;
  secondAddressId = (i: number) => this.bases.address + this.size.customers + i;
  partnerId = (i: number) => (this.partnerOf[i]! < 0 ? null : this.bases.partner + this.partnerOf[i]!);
  machineId = (i: number, k: number) => this.bases.machine + i * this.size.machinesPerCustomer + k;
  departmentOf = (i: number) => CITIES[this.cityOf[i]!]!.dept;
  customerName = (i: number) => `${NAME_A[i % 10]} ${NAME_B[Math.floor(i / 10) % 6]} ${i + 1} AS`;

  *partners(): Generator<Cell[]> {
    for (let p = 0; p < this.size.partners; p++)
      yield [this.bases.partner + p, `Partner ${p + 1} Service AS`, `post@partner${p + 1}.bench.test`];
  }

  *customers(now: number): Generator<Cell[]> {
    const r = mulberry32(1302);
    for (let i = 0; i < this.size.customers; i++) {
      const group = r() < 0.6 ? 1 + Math.floor(r() * this.bases.customerGroups) : null;
      const created = iso(now - Math.floor(r() * 3_650) * 86_400_000);
      yield [
        this.customerId(i),
        String(this.bases.customerNumber + i),
        this.customerName(i),
        this.partnerId(i),
        this.mainAddressId(i),
        group,
        r() >= 0.02,
        created,
        created,
      ];
    }
  }

  /** Main sites first (ids in customer order), then the second sites; 70 % have a place for the map. */
  *addresses(): Generator<Cell[]> {
    const r = mulberry32(1303);
    const one = (i: number, id: number, name: string) => {
      const c = CITIES[this.cityOf[i]!]!;
      const placed = r() < 0.7;
      const lat = placed ? +(c.lat + (r() - 0.5) * 0.2).toFixed(5) : null;
      const lng = placed ? +(c.lng + (r() - 0.5) * 0.4).toFixed(5) : null;
      if (lat !== null && lng !== null) this.points.set(id, [lat, lng]);
      return [
        id,
        this.customerId(i),
        name,
        `${pickOf(r, STREETS)} ${1 + Math.floor(r() * 120)}`,
        c.zip,
        c.city,
        c.country,
        lat,
        lng,
      ];
    };
    for (let i = 0; i < this.size.customers; i++) yield one(i, this.mainAddressId(i), 'Main site');
    for (let i = 0; i < this.size.customers; i++)
      if (this.secondSite[i]) yield one(i, this.secondAddressId(i), 'Workshop');
  }

  *machines(now: number): Generator<Cell[]> {
    const r = mulberry32(1304);
    for (let i = 0; i < this.size.customers; i++)
      for (let k = 0; k < this.size.machinesPerCustomer; k++) {
        const id = this.machineId(i, k);
        const installed = now - Math.floor(r() * 5_000) * 86_400_000;
        yield [
          id,
          pickOf(r, MODELS),
          `SN${id}`,
          this.customerId(i),
          this.mainAddressId(i),
          this.partnerId(i),
          iso(installed).slice(0, 10),
          r() >= 0.03,
          iso(installed),
          iso(installed),
        ];
      }
  }
}

export const CUSTOMER_COLUMNS = [
  'id',
  'customer_number',
  'name',
  'partner_company_id',
  'default_delivery_address_id',
  'customer_group_id',
  'is_active',
  'created_at',
  'updated_at',
];
export const ADDRESS_COLUMNS = [
  'id',
  'customer_id',
  'name',
  'street',
  'zip',
  'city',
  'country',
  'latitude',
  'longitude',
];
export const MACHINE_COLUMNS = [
  'id',
  'name',
  'serial_number',
  'customer_id',
  'delivery_address_id',
  'partner_company_id',
  'install_date',
  'is_active',
  'created_at',
  'updated_at',
];
export const JOB_COLUMNS = [
  'id',
  'parent_id',
  'order_id',
  'display_name',
  'job_status_id',
  'job_sub_status_id',
  'job_type_id',
  'job_priority_id',
  'customer_id',
  'delivery_address_id',
  'order_department_id',
  'machine_id',
  'first_line_comment',
  'customer_comment',
  'created_at',
  'updated_at',
  'place_latitude',
  'place_longitude',
];

/**
 * Parent jobs over ten years, oldest first, each followed by its one or two machine sub-jobs (as the
 * server creates them: ids in the order of creation). The newest 3 % are open (10–60) as in a working
 * company; older ones are mostly closed or approved, with 2 % left open. Customers are skewed (the
 * first has thousands of jobs, most some tens), and a customer's first machine gets 40 % of its
 * sub-jobs (the largest customer's: some 3,500). `planned` collects the parent ids the appointments go
 * on: planned and active jobs (20–40), never New ones (a New job given an appointment is Planned,
 * appointments.policy.ts), so the planner's list of New jobs carries no appointments, as in use.
 */
export function* jobs(
  company: Company,
  now: number,
  planned: number[],
  closed?: { add(id: number, parentId: number, status: number, created: string): void },
): Generator<Cell[]> {
  const { size, bases } = company;
  const r = mulberry32(1305);
  const J = size.parentJobs;
  const span = 10 * 365 * 86_400_000;
  let id = bases.job;
  for (let g = 0; g < J; g++) {
    const r1 = r();
    const r2 = r();
    const r3 = r();
    const r4 = r();
    const c = Math.min(size.customers - 1, Math.floor(size.customers * r1 * r1));
    const t = r4 < 0.4 ? 1 : r4 < 0.7 ? 2 : r4 < 0.8 ? 3 : r4 < 0.9 ? 4 : 5;
    const s = g >= J * 0.97 || r2 < 0.02 ? OPEN[Math.floor(r3 * 10)]! : r3 < 0.8 ? 100 : r3 < 0.97 ? 70 : 110;
    const sub =
      s <= 60 && r2 < 0.5
        ? s === 10
          ? 1 + (g % 2)
          : s === 20
            ? 3 + (g % 2)
            : s === 30
              ? 5 + (g % 2)
              : s === 40
                ? 7 + (g % 2)
                : s === 50
                  ? 9
                  : 10
        : null;
    const prio = r2 < 0.05 ? 1 : r2 < 0.2 ? 2 : r2 < 0.8 ? 3 : 4;
    // A malformed order id now and then (imports), none for parts (type 3).
    const orderId = t === 3 ? null : r3 < 0.005 ? `X${bases.orderNumber + g}` : String(bases.orderNumber + g);
    const dept = g % 10 === 0 ? null : company.departmentOf(c);
    const address =
      company.secondSite[c] && r() < 0.3 ? company.secondAddressId(c) : company.mainAddressId(c);
    const created = iso(now - Math.floor(((J - g) * span) / J) + (g % 240) * 1000);
    const parentId = id++;
    if (s >= 20 && s <= 40) planned.push(parentId);
    yield [
      parentId,
      null,
      orderId,
      `${JOB_NAMES[t - 1]} – ${WORDS[g % 5]}`,
      s,
      sub,
      t,
      prio,
      company.customerId(c),
      address,
      dept,
      null,
      g % 2 === 0 ? '' : FIRST_LINE[g % 4]!,
      '',
      created,
      created,
      company.points.get(address)?.[0] ?? null,
      company.points.get(address)?.[1] ?? null,
    ];
    for (let k = 1; k <= 1 + (g % 2); k++) {
      const m = r() < 0.4 ? 0 : Math.floor(r() * size.machinesPerCustomer);
      const subStatus = r() < 0.02 ? 110 : s;
      if (orderId !== null) closed?.add(id, parentId, subStatus, created);
      yield [
        id++,
        parentId,
        orderId === null ? null : `${orderId}L${k}`,
        MODELS[(c + m) % MODELS.length]!,
        subStatus,
        null,
        t,
        prio,
        company.customerId(c),
        address,
        dept,
        company.machineId(c, m),
        '',
        CUSTOMER_COMMENTS[(g + k) % 4]!,
        created,
        created,
        null,
        null,
      ];
    }
  }
}

export const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'logon_name',
  'password_hash',
  'user_type_id',
  'department_id',
  'is_bookable',
];

/** Bookable technicians (type 3) across the three departments, signing in with the demo password. */
export function* technicians(size: CompanySize, bases: Bases, passwordHash: string): Generator<Cell[]> {
  const r = mulberry32(1306);
  for (let t = 0; t < size.technicians; t++) {
    const name = `${pickOf(r, FIRST_NAMES)} ${pickOf(r, LAST_NAMES)} ${t + 1}`;
    yield [
      bases.user + t,
      `tech${t + 1}@large.bench.test`,
      name,
      `largetech${t + 1}`,
      passwordHash,
      3,
      1 + (t % 3),
      true,
    ];
  }
}

export const APPOINTMENT_COLUMNS = ['id', 'subject', 'job_id', 'start_time', 'end_time', 'type'];

/** Weeks of appointments before this one, at the same density, so a week's read is selective. */
export const HISTORY_WEEKS = 12;

/**
 * A week's appointments (`weeksBack` 0: this week), Monday–Friday 07–16 wall clock: each technician
 * gets an equal share, one or more a day in separate windows of the day (never overlapping), one to
 * three hours long, each on a planned or active job. Yields [appointment row, technician id].
 */
export function* appointments(
  size: CompanySize,
  bases: Bases,
  monday: string,
  planned: readonly number[],
  weeksBack = 0,
): Generator<[Cell[], number]> {
  const r = mulberry32(1307 + weeksBack);
  const T = size.technicians;
  const perTech = Math.ceil(size.appointments / T);
  const slotsPerDay = Math.ceil(perTech / 5);
  const windowMinutes = Math.floor((9 * 60) / slotsPerDay);
  const day0 = new Date(`${monday}T00:00:00Z`).getTime() - weeksBack * 7 * 86_400_000;
  const firstId = bases.appointment + weeksBack * size.appointments;
  const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  for (let a = 0; a < size.appointments; a++) {
    const t = a % T;
    const j = Math.floor(a / T);
    const day = (j + t) % 5;
    const slot = Math.floor(j / 5);
    const hours = Math.min(1 + Math.floor(r() * 3), Math.max(1, Math.floor(windowMinutes / 60)));
    const slack = Math.max(0, windowMinutes - hours * 60);
    const startMinute = 7 * 60 + slot * windowMinutes + 30 * Math.floor((r() * slack) / 30);
    const start = day0 + day * 86_400_000 + startMinute * 60_000;
    const jobId = planned.length ? planned[Math.floor(r() * planned.length)]! : null;
    yield [
      [firstId + a, 'Service visit', jobId, wall(start), wall(start + hours * 3_600_000), 1],
      bases.user + t,
    ];
  }
}
