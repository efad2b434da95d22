import { type JobSignature, type JobSignatureInput, SIGNATURE_MAX_BYTES } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import { insertChangeLog } from '../change-logs/change-logs.api.ts';
import type { Caller } from '../common/caller.ts';
import { fieldRefusal } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import type { JobRecordService } from '../jobs/job-record.service.ts';
import { ImageRefused, reencodeImage } from '../resources/image-content.ts';
import { findSigner, saveSignature } from './job-signatures.repository.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface JobSignatureDeps {
  db: Db;
  jobs: Pick<JobRecordService, 'visibleParent'>;
  clock: Clock;
}

/**
 * The customer's signature on a job, captured on the technician's phone (issue 31, decision 090). Who
 * may change the job may store it (the route's Job.Edit, and the job must be theirs to see); the image
 * must be a PNG by its content, at most SIGNATURE_MAX_BYTES, and is decoded and encoded again (only the
 * pixels are kept). A job has one: a new one replaces it, and the job's history says so.
 */
export class JobSignatureService {
  private readonly deps: JobSignatureDeps;
  constructor(deps: JobSignatureDeps) {
    this.deps = deps;
  }

  async save(caller: Caller, jobId: number, input: JobSignatureInput): Promise<JobSignature> {
    const job = await this.deps.jobs.visibleParent(caller, jobId);
    const png = await this.checkedPng(caller, Buffer.from(input.Png, 'base64'));
    const signedAt = this.deps.clock.now();
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await findSigner(tx, job.id);
      await saveSignature(tx, {
        jobId: job.id,
        signerName: input.SignerName,
        signedAt,
        capturedBy: caller.user.id,
        png,
      });
      await insertChangeLog(tx, {
        entity: 'Job',
        entityId: job.id,
        action: 'Change',
        customerId: job.customerId,
        jobId: job.id,
        description: job.displayName,
        changes: [
          {
            Field: 'CustomerSignature',
            OldValue: before ? `${before.signerName}, ${before.signedAt.toISOString()}` : null,
            NewValue: `${input.SignerName}, ${signedAt.toISOString()}`,
          },
        ],
        user: caller.user,
      });
      emit({
        entity: 'job',
        entityId: job.id,
        changeType: 'Change',
        userId: caller.user.id,
        payload: { JobId: job.id, Action: 'Change' },
      });
    });
    return {
      JobId: job.id,
      SignerName: input.SignerName,
      SignedAt: signedAt.toISOString(),
      CapturedBy: caller.user.name,
    };
  }

  /** The pad's image: a PNG by its first bytes, not too large, readable; kept as its pixels only. */
  private async checkedPng(caller: Caller, data: Buffer): Promise<Buffer> {
    if (data.length > SIGNATURE_MAX_BYTES)
      throw fieldRefusal(caller, 'Png', 'signature_too_large', { kb: SIGNATURE_MAX_BYTES / 1024 });
    if (data.length < PNG_MAGIC.length || !data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
      throw fieldRefusal(caller, 'Png', 'signature_not_png');
    try {
      return await reencodeImage(data, 'image/png');
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      throw fieldRefusal(caller, 'Png', 'image_unreadable');
    }
  }
}
