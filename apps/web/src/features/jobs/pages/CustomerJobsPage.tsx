import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { JobsTab } from '../components/JobsTab.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';

/** ViewCustomerJobs (customerId, optional jobId): the customer's jobs, newest first. */
export default function CustomerJobsPage() {
  const { t } = useTranslation('jobs');
  const customerId = useRouteId('customerId');
  const raw = useParams().customerId ?? '';
  if (Number.isNaN(customerId))
    return (
      <Typography sx={{ p: 3 }} color="error" role="alert">
        {t('list.customerNotFound', { id: raw })}
      </Typography>
    );
  return (
    <JobsTab
      key={customerId}
      filter={{ CustomerId: customerId }}
      routeOf={(jobId) =>
        pathFor('ViewCustomerJobs', {
          customerId: String(customerId),
          ...(jobId ? { jobId: String(jobId) } : {}),
        })
      }
      notFound={t('list.customerNotFound', { id: customerId })}
    />
  );
}
