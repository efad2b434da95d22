import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import {
  IMAGE_MAX_PIXELS,
  type ServerMessageKey,
  serverMessage,
  UPLOAD_MAX_BYTES,
} from '@fieldport/contract';
import { fileTypeFromBuffer } from 'file-type';
import { type RefusalStatus, refusal } from '../common/errors.ts';
import type { BlobStore } from './blob-store.ts';
import { ImageRefused, reencodeImage } from './image-content.ts';

/** The image types uploads may be (000 §5: png and jpeg only), by content, never by name. */
const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** A refusal of an image upload with its translated Message, also as the field's error. */
const fileRefusal = (
  status: RefusalStatus,
  key: ServerMessageKey,
  field: string,
  lang: string | undefined,
  values: Record<string, number> = {},
) =>
  refusal(status, key, {
    values,
    fieldErrors: [{ Field: field, Message: serverMessage(key, lang, values) }],
  });

export const imageTypeRefusal = (field = 'ImageFile', lang?: string) =>
  fileRefusal(400, 'image_type', field, lang);
const imageRefusal = (err: ImageRefused, field: string, lang: string | undefined) =>
  err.reason === 'too_many_pixels'
    ? fileRefusal(400, 'image_too_many_pixels', field, lang, { mp: IMAGE_MAX_PIXELS / 1_000_000 })
    : fileRefusal(400, 'image_unreadable', field, lang);
export const imageSizeRefusal = (field = 'ImageFile') =>
  refusal(413, 'image_too_large', {
    values: { mb: UPLOAD_MAX_BYTES / 1024 / 1024 },
    fieldErrors: [
      { Field: field, Message: `The image is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.` },
    ],
  });

/**
 * Stored files: uploads (images, documents, imports) and generated files (exports), by a relative path
 * (`documents/job/<uuid>.pdf`) that the records keep and that GET resource/ takes back; anything that
 * would leave the store is refused. The bytes are the BlobStore's (the local folder, PostgreSQL or an
 * S3 bucket, decision 053); `older`, when given, is the local folder an earlier version kept them in,
 * still read (and cleaned) for files stored before the switch.
 */
export class FileStore {
  readonly kind: BlobStore['kind'];
  private readonly store: BlobStore;
  private readonly older: BlobStore | undefined;
  constructor(store: BlobStore, older?: BlobStore) {
    this.store = store;
    this.older = older;
    this.kind = store.kind;
  }

  /**
   * Checks that `data` is a png or jpeg image by content, within the size and pixel limits, and
   * re-encodes it (decision 025): answers the new bytes and their extension; 400 otherwise.
   */
  async checkImage(data: Buffer, field = 'ImageFile', lang?: string): Promise<{ data: Buffer; ext: string }> {
    if (data.length > UPLOAD_MAX_BYTES) throw imageSizeRefusal(field);
    const type = await fileTypeFromBuffer(data);
    const ext = type ? IMAGE_TYPES[type.mime] : undefined;
    if (!type || !ext) throw imageTypeRefusal(field, lang);
    try {
      return { data: await reencodeImage(data, type.mime as 'image/png' | 'image/jpeg'), ext };
    } catch (err) {
      if (err instanceof ImageRefused) throw imageRefusal(err, field, lang);
      throw err;
    }
  }

  /** Stores a checked, re-encoded image under `folder`; answers its relative path. */
  async saveImage(folder: string, data: Buffer, field = 'ImageFile', lang?: string): Promise<string> {
    const image = await this.checkImage(data, field, lang);
    return this.saveFile(folder, image.data, image.ext);
  }

  /** Stores bytes the caller has checked under `folder` with a fresh name; answers its relative path. */
  async saveFile(folder: string, data: Buffer, ext: string): Promise<string> {
    const stored = this.canonical(`${folder}/${randomUUID()}.${ext}`);
    await this.store.put(stored, data);
    return stored;
  }

  /**
   * Stores a file that `write` writes to the local path it is given (an export written as a stream),
   * under `folder` with a fresh name: in place in the local store, else in a temporary folder first
   * and then streamed to the store. Answers its relative path and what `write` answered; a failed
   * write stores nothing.
   */
  async saveWritten<T>(
    folder: string,
    ext: string,
    write: (file: string) => Promise<T>,
  ): Promise<{ stored: string; result: T }> {
    const stored = this.canonical(`${folder}/${randomUUID()}.${ext}`);
    if (this.store.localPath) {
      const full = this.store.localPath(stored);
      await mkdir(dirname(full), { recursive: true });
      try {
        return { stored, result: await write(full) };
      } catch (err) {
        await this.store.delete(stored).catch(() => {});
        throw err;
      }
    }
    const dir = await mkdtemp(join(tmpdir(), 'fieldport-file-'));
    try {
      const file = join(dir, `file.${ext}`);
      const result = await write(file);
      await this.store.putFile(stored, file);
      return { stored, result };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The one spelling of a relative path (./a//b → a/b), so that a folder can be told by its prefix;
   * refuses anything outside the store (absolute paths, `..`, drive letters, NUL): 400.
   */
  canonical(relativePath: string): string {
    const p = relativePath.replaceAll('\\', '/');
    if (
      p.includes('\0') ||
      p.startsWith('/') ||
      /^[A-Za-z]:/.test(p) ||
      p.split('/').some((seg) => seg === '..') ||
      p.trim() === ''
    )
      throw refusal(400, 'invalid_path');
    const key = posix.normalize(p).replace(/\/+$/, '');
    if (key === '' || key === '.') throw refusal(400, 'invalid_path');
    return key;
  }

  /** A stored file's bytes; 404 when missing. */
  async read(relativePath: string): Promise<Buffer> {
    const key = this.canonical(relativePath);
    const data = (await this.store.get(key)) ?? (await this.older?.get(key));
    if (!data) throw refusal(404, 'file_not_found');
    return data;
  }

  /** Whether a file is stored under `relativePath` (in the store itself, not the older folder). */
  async has(relativePath: string): Promise<boolean> {
    return (await this.store.get(this.canonical(relativePath))) !== null;
  }

  /** Stores the local file `file` under the given relative path (npm run files:copy). */
  async copyIn(relativePath: string, file: string): Promise<void> {
    await this.store.putFile(this.canonical(relativePath), file);
  }

  /** A stored image and its type by content; 404 when missing or not an image. */
  async readImage(relativePath: string): Promise<{ contentType: string; data: Buffer }> {
    const data = await this.read(relativePath);
    const type = await fileTypeFromBuffer(data);
    if (!type || !IMAGE_TYPES[type.mime]) throw refusal(404, 'file_not_found');
    return { contentType: type.mime, data };
  }

  /** Lets go of what the store holds open (at the app's close). */
  close(): void {
    this.store.close?.();
  }

  /** Removes a stored file; a missing one is fine. */
  async remove(relativePath: string | null | undefined): Promise<void> {
    if (!relativePath) return;
    try {
      const key = this.canonical(relativePath);
      await this.store.delete(key);
      await this.older?.delete(key);
    } catch {
      // A bad stored path or a vanished file: nothing to clean up.
    }
  }
}
