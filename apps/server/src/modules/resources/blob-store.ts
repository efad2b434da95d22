import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * Where the bytes of stored files live (decision 053): the local folder, PostgreSQL or an S3-compatible
 * bucket, behind one interface. Keys are FileStore's checked relative paths (`documents/job/<uuid>.pdf`);
 * a stored file is never changed, only written once under a fresh key and removed.
 */
export interface BlobStore {
  readonly kind: 'local' | 'postgres' | 's3';
  /** Stores `data` under `key`. */
  put(key: string, data: Buffer): Promise<void>;
  /** Stores the bytes of the finished local file `file` under `key`, read as a stream. */
  putFile(key: string, file: string): Promise<void>;
  /** The bytes stored under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes what is stored under `key`; a missing one is fine. */
  delete(key: string): Promise<void>;
  /** The local store only: the file that holds `key`, for writers that write a file (exports). */
  localPath?(key: string): string;
  /** Lets go of what the store holds open (the S3 client's connections). */
  close?(): void;
}

/** Not there: a missing file, or a folder where a file was asked for. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

/** The files under one folder (DATA_DIR/uploads): the default, for one process. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  localPath(key: string): string {
    return join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.localPath(key);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, data);
  }

  async putFile(key: string, file: string): Promise<void> {
    const full = this.localPath(key);
    await mkdir(dirname(full), { recursive: true });
    await copyFile(file, full);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.localPath(key));
    } catch (err) {
      if (MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }
}
