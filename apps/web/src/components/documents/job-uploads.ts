import { DEVICE_STORE_MAX_BYTES, type DocumentItem } from '@fieldport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api/client.ts';
import { useDeviceStoreFull } from '../../lib/device-store/status.ts';
import type { JobDocumentInput } from '../../lib/outbox/inputs.ts';
import type { OutboxCommand } from '../../lib/outbox/outbox.ts';
import { onOutboxApplied, submitCommand, useOutbox } from '../../lib/outbox/state.ts';
import { documentKeys } from './api.ts';

/**
 * A job's photos and documents through the outbox (decision 102): each file a command whose bytes stay
 * on the device until sent, so a photo taken offline survives a reload and is uploaded once (its key).
 */

/** Above this share of the device store's limit, the panel says so before a new photo is taken. */
const NEARLY_FULL = 0.8;

const isUpload = (c: OutboxCommand) => c.kind === 'jobDocument';
const sizeOf = (c: OutboxCommand) => (c.input as JobDocumentInput).size;

/** The job's files not yet uploaded, oldest first; and whether the device has room for more. */
export function useJobUploads(jobId: number) {
  const { commands } = useOutbox();
  const full = useDeviceStoreFull();
  const uploads = commands.filter(isUpload);
  const kept = uploads.reduce((sum, c) => sum + sizeOf(c), 0);
  return {
    pending: uploads.filter((c) => c.target === `job:${jobId}`),
    kept,
    nearlyFull: full || kept >= DEVICE_STORE_MAX_BYTES * NEARLY_FULL,
  };
}

/** Whether `files` would take the files kept on the device over its limit (then they are not taken). */
export const overDeviceLimit = (kept: number, files: readonly File[]) =>
  kept + files.reduce((sum, f) => sum + f.size, 0) > DEVICE_STORE_MAX_BYTES;

/**
 * Uploads files to a job, one command each, on the document type and customer choice made: sent at once
 * when the network is there (a refusal is thrown back with the server's message), else kept on the
 * device and shown waiting in the list. A user without a device store uploads directly. Returns how
 * many were uploaded now (the list is read again).
 */
export async function uploadToJob(
  jobId: number,
  files: readonly File[],
  categoryId: number,
  publish: boolean,
): Promise<number> {
  let applied = 0;
  for (const f of files) {
    const id = crypto.randomUUID();
    const type = f.type || 'application/octet-stream';
    const input: JobDocumentInput = {
      jobId,
      fileId: id,
      name: f.name,
      type,
      size: f.size,
      categoryId,
      publish,
    };
    const done = await submitCommand<DocumentItem[]>({
      kind: 'jobDocument',
      input,
      target: `job:${jobId}`,
      label: f.name,
      rowVersion: null,
    }, () => {
      const body = new FormData();
      body.append('Files', f, f.name);
      body.append('DocumentTypeId', String(categoryId));
      return callApi(
        'jobDocumentsUpload',
        { params: { jobId }, query: { toCustomer: publish }, body },
        { timeoutMs: 5 * 60_000 },
      );
    }, [{ id, name: f.name, type, bytes: await readBytes(f) }]);
    if (done.applied) applied++;
  }
  return applied;
}

/** A file's bytes (Blob.arrayBuffer, or a FileReader where a browser lacks it). */
function readBytes(f: File): Promise<ArrayBuffer> {
  if (typeof f.arrayBuffer === 'function') return f.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(f);
  });
}

/** A file the outbox uploaded later (the network came back): the job's documents are read again. */
export function useJobUploadsApplied(jobId: number) {
  const client = useQueryClient();
  useEffect(
    () =>
      onOutboxApplied((c) => {
        if (isUpload(c) && c.target === `job:${jobId}`)
          void client.invalidateQueries({ queryKey: documentKeys.of('Job', jobId) });
      }),
    [client, jobId],
  );
}
