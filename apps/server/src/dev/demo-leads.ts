import { createFake, type Executor } from './factories/fake.ts';
import { createLead, createLeadType, createProject } from './factories/leads.ts';

const DEMO_SEED = 20_260_116;

/** The demo's projects (ProjectsEnabled), lead types and open leads (LeadsEnabled), from a fixed seed. */
export async function seedDemoLeads(db: Executor) {
  const f = createFake(DEMO_SEED);
  for (const name of ['Harbour cranes 2027', 'Hospital wing upgrade', 'School ventilation'])
    await createProject(db, { name }, f);
  const types = [];
  for (const name of ['Web form', 'Trade fair', 'Phone call'])
    types.push(await createLeadType(db, { name }, f));
  for (let i = 0; i < 6; i++) await createLead(db, { leadTypeId: types[i % types.length]!.id }, f);
}
