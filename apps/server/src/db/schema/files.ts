import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (pg answers a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * Uploaded and generated files kept in the database (the PostgreSQL file store, decision 053): each
 * file by its stored path (`documents/machine/<uuid>.pdf`, the path the records keep) in parts of at
 * most 1 MiB, numbered from 0, written in one transaction so that a file is there whole or not at all.
 */
export const storedFileParts = pgTable(
  'stored_file_parts',
  {
    path: text().notNull(),
    part: integer().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.path, t.part] })],
);
