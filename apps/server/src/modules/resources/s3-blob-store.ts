import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Location } from '../../config.ts';
import type { BlobStore } from './blob-store.ts';

/** Whether the SDK's error says the object is not there. */
const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files kept in an S3-compatible bucket (S3_URL, config.ts S3Location) through the official AWS SDK:
 * AWS S3, MinIO, Ceph, Garage, Cloudflare R2... Each file is one object under PREFIX + its key.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly at: S3Location;
  constructor(at: S3Location) {
    this.at = at;
    this.client = new S3Client({
      endpoint: at.endpoint,
      region: at.region,
      forcePathStyle: at.forcePathStyle,
      ...(at.credentials ? { credentials: at.credentials } : {}),
      // Checksums only where S3 requires them: many compatible stores refuse the SDK's newer
      // streamed (aws-chunked) checksums on uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string) {
    return `${this.at.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.at.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async putFile(key: string, file: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.at.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(file),
        ContentLength: size,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.at.bucket, Key: this.objectKey(key) }),
      );
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.at.bucket, Key: this.objectKey(key) }));
  }

  /** Ends the client's connections (the app's close). */
  close(): void {
    this.client.destroy();
  }
}
