import { hasOrderOnJob } from '@fieldport/contract';
import { useTranslation } from 'react-i18next';
import { useTabState } from '../../../components/shell/shell-context.tsx';
import type { Job } from '../api/jobs.ts';

/**
 * The job view's tab states (001 §2.8), set by each of its pages: the parts and invoice tabs are
 * disabled with the 'no order on job' hint when the job has no order or is a parts job (type 3).
 */
export function useJobTabStates(job: Job | undefined) {
  const { t } = useTranslation('jobs');
  const state = job && !hasOrderOnJob(job) ? { disabled: true, hint: t('jobView.noOrderOnJob') } : null;
  useTabState('ViewJobParts', state);
  useTabState('ViewJobInvoice', state);
}
