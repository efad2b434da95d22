import { eq } from 'drizzle-orm';
import {
  assetTypes,
  customers,
  machineModels,
  machines,
  machineTypes,
  suppliers,
} from '../../db/schema/index.ts';
import { ASSET_TYPES, MACHINE_PLACES, MACHINE_TYPES, SUPPLIERS, type SupplierEntry } from './catalogue.ts';
import { createCustomer } from './customers.ts';
import { defaultFake, type Executor, type Fake, one, pick } from './fake.ts';

export type Supplier = typeof suppliers.$inferSelect;
export type NewSupplier = typeof suppliers.$inferInsert;
export type MachineType = typeof machineTypes.$inferSelect;
export type NewMachineType = typeof machineTypes.$inferInsert;
export type AssetType = typeof assetTypes.$inferSelect;
export type NewAssetType = typeof assetTypes.$inferInsert;
export type MachineModel = typeof machineModels.$inferSelect;
export type NewMachineModel = typeof machineModels.$inferInsert;
export type Machine = typeof machines.$inferSelect;
export type NewMachine = typeof machines.$inferInsert;

export function supplierValues(f: Fake, entry: SupplierEntry = pick(f, SUPPLIERS)) {
  return { name: f.unique(entry.name), email: entry.email, phone: entry.phone } satisfies NewSupplier;
}

export async function createSupplier(
  db: Executor,
  overrides: Partial<NewSupplier> = {},
  f: Fake = defaultFake,
): Promise<Supplier> {
  return one(
    await db
      .insert(suppliers)
      .values({ ...supplierValues(f), ...overrides })
      .returning(),
  );
}

export async function createMachineType(
  db: Executor,
  overrides: Partial<NewMachineType> = {},
  f: Fake = defaultFake,
): Promise<MachineType> {
  return one(
    await db
      .insert(machineTypes)
      .values({ name: f.unique(pick(f, MACHINE_TYPES)), ...overrides })
      .returning(),
  );
}

export async function createAssetType(
  db: Executor,
  overrides: Partial<NewAssetType> = {},
  f: Fake = defaultFake,
): Promise<AssetType> {
  return one(
    await db
      .insert(assetTypes)
      .values({ name: f.unique(pick(f, ASSET_TYPES)), ...overrides })
      .returning(),
  );
}

/** A real make's model; its machine type and supplier are made to match unless given. */
export async function createMachineModel(
  db: Executor,
  overrides: Partial<NewMachineModel> = {},
  f: Fake = defaultFake,
): Promise<MachineModel> {
  const entry = pick(f, SUPPLIERS);
  const model = pick(f, entry.models);
  const values = { ...overrides };
  if (values.machineTypeId === undefined)
    values.machineTypeId = (await createMachineType(db, { name: f.unique(model.type) }, f)).id;
  if (values.supplierId === undefined)
    values.supplierId = (await createSupplier(db, supplierValues(f, entry), f)).id;
  return one(
    await db
      .insert(machineModels)
      .values({ name: f.unique(model.name), ...values })
      .returning(),
  );
}

/** The serial-number prefix of the make a model name belongs to. */
export function serialPrefixOf(modelName: string): string {
  return SUPPLIERS.find((s) => s.models.some((m) => modelName.startsWith(m.name)))?.serialPrefix ?? 'SN';
}

/** A serial number in the make's style: 'AIF 093412'. */
export function serialNumber(f: Fake, prefix: string): string {
  return `${prefix}${f.faker.string.numeric({ length: 7, allowLeadingZeros: true })}`;
}

export function machineValues(
  f: Fake,
  customerId: number,
  modelName: string,
  serialPrefix: string,
  overrides: Partial<NewMachine> = {},
) {
  const year = f.faker.number.int({ min: 2010, max: 2025 });
  const month = f.faker.number.int({ min: 1, max: 12 });
  const day = f.faker.number.int({ min: 1, max: 28 });
  return {
    customerId,
    name: `${modelName} – ${pick(f, MACHINE_PLACES)}`,
    serialNumber: serialNumber(f, serialPrefix),
    qrcode: f.unique(`FP${f.faker.string.numeric({ length: 8, allowLeadingZeros: true })}`, '-'),
    installDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    ...overrides,
  } satisfies NewMachine;
}

/**
 * A machine of a customer (a new customer when none is given), at the customer's default delivery
 * address, of a new model unless one is given; partner-owned customers pass their partner on.
 */
export async function createMachine(
  db: Executor,
  overrides: Partial<NewMachine> = {},
  f: Fake = defaultFake,
): Promise<Machine> {
  const values = { ...overrides };
  if (values.customerId === undefined) {
    const c = await createCustomer(db, {}, f);
    values.customerId = c.id;
    values.deliveryAddressId ??= c.defaultDeliveryAddressId;
    values.partnerCompanyId ??= c.partnerCompanyId;
  } else if (values.deliveryAddressId === undefined || values.partnerCompanyId === undefined) {
    const [c] = await db.select().from(customers).where(eq(customers.id, values.customerId));
    values.deliveryAddressId ??= c?.defaultDeliveryAddressId ?? null;
    values.partnerCompanyId ??= c?.partnerCompanyId ?? null;
  }
  let modelName = 'Machine';
  let prefix = 'SN';
  if (values.machineModelId === undefined) {
    const model = await createMachineModel(db, {}, f);
    values.machineModelId = model.id;
    modelName = model.name;
    prefix = serialPrefixOf(model.name);
  } else if (values.machineModelId !== null) {
    const [m] = await db.select().from(machineModels).where(eq(machineModels.id, values.machineModelId));
    if (m) {
      modelName = m.name;
      prefix = serialPrefixOf(m.name);
    }
  }
  return one(
    await db
      .insert(machines)
      .values(machineValues(f, values.customerId, modelName, prefix, values))
      .returning(),
  );
}
