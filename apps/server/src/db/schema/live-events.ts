import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The Socket.IO PostgreSQL adapter's table (@socket.io/postgres-adapter): packets between server
 * processes that are too large for a NOTIFY (8,000 bytes) travel through it. It cleans it itself.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial({ mode: 'number' }).unique(),
  createdAt: timestamp({ withTimezone: true }).defaultNow(),
  payload: bytea(),
});
