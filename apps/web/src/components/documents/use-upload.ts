import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES, type DocumentEntityClass } from '@fieldport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../lib/api/api-message.ts';
import { emitNotice } from '../../lib/api/notices.ts';
import { CommandRefused } from '../../lib/outbox/state.ts';
import { uploadProblem } from './api.ts';
import { overDeviceLimit, uploadToJob, useJobUploads, useJobUploadsApplied } from './job-uploads.ts';

/**
 * The documents panel's upload: too many or too large files are told before sending; a job's files go
 * through the outbox (decision 102: kept on the device while offline, the device's room told), the other
 * records' straight to the server (`direct`). `refetch` reads the list again after an upload now.
 */
export function useUpload(
  entityClass: DocumentEntityClass,
  entityId: number,
  direct: (files: File[], categoryId: number, publish: boolean) => Promise<unknown>,
  refetch: () => Promise<unknown>,
) {
  const { t } = useTranslation('documents');
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onJob = entityClass === 'Job';
  const jobUploads = useJobUploads(onJob ? entityId : 0);
  useJobUploadsApplied(onJob ? entityId : 0);

  async function upload(files: File[], categoryId: number, publish: boolean) {
    const wrong = uploadProblem(files);
    if (wrong) {
      setProblem(
        wrong.key === 'tooMany'
          ? t('tooMany', { count: DOCUMENT_MAX_FILES })
          : t('tooLarge', { name: wrong.name, mb: DOCUMENT_MAX_BYTES / 1024 / 1024 }),
      );
      return;
    }
    if (onJob && overDeviceLimit(jobUploads.kept, files)) {
      setProblem(t('outbox.nearlyFull'));
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      if (onJob) {
        const sent = await uploadToJob(entityId, files, categoryId, publish);
        if (sent > 0) {
          emitNotice({ text: t('uploaded', { count: sent }), severity: 'success' });
          await refetch();
        }
      } else await direct(files, categoryId, publish);
    } catch (err) {
      // A refusal (wrong type, too large) is shown by the API client with the server's message; the
      // outbox's quiet call throws it back here.
      if (err instanceof CommandRefused) setProblem(apiMessage(err) ?? t('failed'));
    } finally {
      setUploading(false);
    }
  }

  return {
    upload,
    uploading,
    problem,
    clearProblem: () => setProblem(null),
    /** A job's files on the device: those waiting, and whether the device is nearly full. */
    pending: onJob ? jobUploads.pending : [],
    nearlyFull: onJob && jobUploads.nearlyFull,
  };
}
