import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { LocalBlobStore } from './blob-store.ts';
import { FileStore } from './file-store.ts';
import { PostgresBlobStore } from './postgres-blob-store.ts';

/**
 * The file store the configuration asks for (config.ts `files`): the folder DATA_DIR/uploads, or
 * PostgreSQL, or an S3 bucket (its SDK loaded only then). The shared stores still read and clean the
 * files an earlier version kept in DATA_DIR/uploads.
 */
export async function fileStoreOf(config: Pick<Config, 'files' | 'uploadsDir'>, db: Db): Promise<FileStore> {
  const local = new LocalBlobStore(config.uploadsDir);
  if (config.files.kind === 'local') return new FileStore(local);
  if (config.files.kind === 'postgres') return new FileStore(new PostgresBlobStore(db), local);
  const { S3BlobStore } = await import('./s3-blob-store.ts');
  return new FileStore(new S3BlobStore(config.files.s3), local);
}
