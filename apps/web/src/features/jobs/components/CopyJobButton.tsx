import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCan } from '../../../lib/use-can.ts';
import type { Job } from '../api/jobs.ts';

/**
 * Copy job (000 §4): opens New job on start/:jobId, which takes this job's customer, address, contact
 * and machines, then its details and machine lines as a new job (copiedValues). For those who may
 * create jobs (Module.NewJob: Admin and Technician).
 */
export function CopyJobButton({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const { filter } = useParams();
  const canCreate = useCan('Module.NewJob');
  if (!canCreate || job.ParentId !== null) return null;
  return (
    <Button
      component={RouterLink}
      to={pathFor('NewJobStart', { filter: filter ?? 'my', jobId: String(job.Id) })}
      startIcon={<ContentCopy />}
      data-testid="copy-job"
    >
      {t('subJobs.copyJob')}
    </Button>
  );
}
