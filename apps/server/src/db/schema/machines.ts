import type { LocalNames } from '@fieldport/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { addresses, customers, partnerCompanies } from './organisation.ts';

export const suppliers = pgTable('suppliers', {
  id: serial().primaryKey(),
  name: text().notNull(),
  email: text().notNull().default(''),
  phone: text().notNull().default(''),
  isActive: boolean().notNull().default(true),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

export const machineTypes = pgTable('machine_types', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** The company's names per language (decision 089); `name` is the stored name and last fallback. */
  names: jsonb().$type<LocalNames>().notNull().default({}),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

export const assetTypes = pgTable('asset_types', {
  id: serial().primaryKey(),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

export const machineModels = pgTable('machine_models', {
  id: serial().primaryKey(),
  name: text().notNull(),
  machineTypeId: integer().references(() => machineTypes.id),
  supplierId: integer().references(() => suppliers.id),
  assetTypeId: integer().references(() => assetTypes.id),
  imagePath: text(),
  isActive: boolean().notNull().default(true),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

export const machines = pgTable(
  'machines',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    serialNumber: text().notNull().default(''),
    qrcode: text(),
    /**
     * The label token's per-machine random nonce (decision 087): the token is
     * base64url(HMAC-SHA256(label secret, `id:nonce`)), the secret outside the database; a new nonce
     * ("New label link") revokes the label.
     */
    labelNonce: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** SHA-256 (hex) of the current label token, written when the server first hands it out (decision 087). */
    labelTokenHash: text(),
    /**
     * SHA-256 (hex) of the random label token the machine had before migration 0040 (decision 070), so
     * labels printed then keep working until "New label link" drops it (decision 087).
     */
    labelLegacyHash: text(),
    /** The machine is left out of the label's public fault form (decision 070). */
    labelReportsExcluded: boolean().notNull().default(false),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    deliveryAddressId: integer().references(() => addresses.id),
    machineModelId: integer().references(() => machineModels.id),
    assetTypeId: integer().references(() => assetTypes.id),
    partnerCompanyId: integer().references(() => partnerCompanies.id),
    installDate: date({ mode: 'string' }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    index('machines_customer').on(t.customerId),
    // The machine list by name, alone, by partner or customer (the scopes) or by model, so a page and
    // its bounded count read about one page of index entries (migration 0020; the
    // search's trigram index machines_words is written there only, pg_trgm being PostgreSQL's).
    index('machines_list_name').on(t.name, t.id),
    index('machines_list_partner').on(t.partnerCompanyId, t.name, t.id),
    index('machines_list_customer').on(t.customerId, t.name, t.id),
    index('machines_list_model').on(t.machineModelId, t.name, t.id),
    // A search's relevance order (decision 084): the folded name, then name and id, INCLUDE in the
    // migration (the search's and the scopes' columns), so the names starting with a word are one range
    // read alone, in order, and a common word's other names are walked without reading the rows.
    index('machines_search_name').on(sql`(lower(${t.name}) collate "C")`, t.name, t.id),
    // One QR code names one machine (spec README, Uniqueness); machines without a code hold null.
    uniqueIndex('machines_qrcode_unique').on(t.qrcode),
    uniqueIndex('machines_label_token_hash_unique').on(t.labelTokenHash),
    uniqueIndex('machines_label_legacy_hash_unique').on(t.labelLegacyHash),
  ],
);
