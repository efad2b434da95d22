import { createReadStream } from 'node:fs';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from './blob-store.ts';
import { deleteFileParts, insertFilePart, readFileParts } from './stored-files.repository.ts';

/** The size of one stored part: small enough for one statement's parameter, large enough for few rows. */
export const FILE_PART_BYTES = 1024 * 1024;
/** Parts read per statement: a 20 MB document in three round trips, never one huge answer. */
const PARTS_PER_READ = 8;

/**
 * Files kept in PostgreSQL (table stored_file_parts, decision 053): what every process on the database
 * shares when nothing else is configured. A file is written in parts of FILE_PART_BYTES in one
 * transaction (whole or not at all), and read back a few parts per statement.
 */
export class PostgresBlobStore implements BlobStore {
  readonly kind = 'postgres';
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Part 0 always, so that an empty file is there too.
      for (let part = 0, at = 0; part === 0 || at < data.length; part++, at += FILE_PART_BYTES)
        await insertFilePart(tx, key, part, data.subarray(at, at + FILE_PART_BYTES));
    });
  }

  async putFile(key: string, file: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      let part = 0;
      let pending: Buffer[] = [];
      let size = 0;
      const flush = async (upTo: number) => {
        const all = Buffer.concat(pending);
        await insertFilePart(tx, key, part++, all.subarray(0, upTo));
        pending = upTo < all.length ? [all.subarray(upTo)] : [];
        size = all.length - upTo;
      };
      for await (const chunk of createReadStream(file, { highWaterMark: FILE_PART_BYTES })) {
        pending.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        while (size >= FILE_PART_BYTES) await flush(FILE_PART_BYTES);
      }
      if (size > 0 || part === 0) await flush(size);
    });
  }

  async get(key: string): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    for (let from = 0; ; from += PARTS_PER_READ) {
      const read = await readFileParts(this.db, key, from, PARTS_PER_READ);
      if (from === 0 && read.length === 0) return null;
      parts.push(...read);
      if (read.length < PARTS_PER_READ) break;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  async delete(key: string): Promise<void> {
    await deleteFileParts(this.db, key);
  }
}
