import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import {
  IMAGE_MAX_PIXELS,
  type ServerMessageKey,
  serverMessage,
  UPLOAD_MAX_BYTES,
} from '@fieldport/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/app-error.ts';
import { ImageRefused, reencodeImage } from './image-content.ts';

/** The image types uploads may be (000 §5: png and jpeg only), by content, never by name. */
const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** A refusal of an image upload with its translated Message, also as the field's error. */
const refusal = (
  status: number,
  key: ServerMessageKey,
  field: string,
  lang: string | undefined,
  values: Record<string, number> = {},
) =>
  new AppError(status, key, {
    values,
    fieldErrors: [{ Field: field, Message: serverMessage(key, lang, values) }],
  });

export const imageTypeRefusal = (field = 'ImageFile', lang?: string) =>
  refusal(400, 'image_type', field, lang);
const imageRefusal = (err: ImageRefused, field: string, lang: string | undefined) =>
  err.reason === 'too_many_pixels'
    ? refusal(400, 'image_too_many_pixels', field, lang, { mp: IMAGE_MAX_PIXELS / 1_000_000 })
    : refusal(400, 'image_unreadable', field, lang);
export const imageSizeRefusal = (field = 'ImageFile') =>
  new AppError(413, 'image_too_large', {
    values: { mb: UPLOAD_MAX_BYTES / 1024 / 1024 },
    fieldErrors: [
      { Field: field, Message: `The image is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.` },
    ],
  });

/**
 * Stored files under one root folder (DATA_DIR/uploads). Paths handed out and taken back are relative
 * to it; anything that would leave it is refused.
 */
export class FileStore {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
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
    const stored = `${folder}/${randomUUID()}.${ext}`;
    const full = this.resolve(stored);
    await mkdir(join(full, '..'), { recursive: true });
    await writeFile(full, data);
    return stored;
  }

  /** A fresh path under `folder` for a file written as a stream (an export): relative and absolute. */
  async newFile(folder: string, ext: string): Promise<{ stored: string; full: string }> {
    const stored = `${folder}/${randomUUID()}.${ext}`;
    const full = this.resolve(stored);
    await mkdir(join(full, '..'), { recursive: true });
    return { stored, full };
  }

  /** The one spelling of a relative path (./a//b → a/b), so that a folder can be told by its prefix. */
  canonical(relativePath: string): string {
    return relative(this.root, this.resolve(relativePath)).split(sep).join('/');
  }

  /** The absolute path of a relative one, refusing anything outside the root (path traversal). */
  resolve(relativePath: string): string {
    const p = relativePath.replaceAll('\\', '/');
    if (
      p.includes('\0') ||
      isAbsolute(p) ||
      /^[A-Za-z]:/.test(p) ||
      p.split('/').some((seg) => seg === '..') ||
      p.trim() === ''
    )
      throw new AppError(400, 'invalid_path');
    const full = resolve(this.root, normalize(p));
    if (!full.startsWith(this.root + sep)) throw new AppError(400, 'invalid_path');
    return full;
  }

  /** A stored file's bytes; 404 when missing. */
  async read(relativePath: string): Promise<Buffer> {
    try {
      return await readFile(this.resolve(relativePath));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(404, 'file_not_found');
    }
  }

  /** A stored image and its type by content; 404 when missing or not an image. */
  async readImage(relativePath: string): Promise<{ contentType: string; data: Buffer }> {
    const data = await this.read(relativePath);
    const type = await fileTypeFromBuffer(data);
    if (!type || !IMAGE_TYPES[type.mime]) throw new AppError(404, 'file_not_found');
    return { contentType: type.mime, data };
  }

  /** Removes a stored file; a missing one is fine. */
  async remove(relativePath: string | null | undefined): Promise<void> {
    if (!relativePath) return;
    try {
      await rm(this.resolve(relativePath), { force: true });
    } catch {
      // A bad stored path or a vanished file: nothing to clean up.
    }
  }
}
