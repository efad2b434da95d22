import type { Customer } from '@fieldport/contract';
import AddCircle from '@mui/icons-material/AddCircle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCan } from '../../../lib/use-can.ts';
import { customerQuery } from '../api/customers.ts';
import { useCustomerId } from '../hooks/use-customer-id.ts';
import { CustomerHeader } from './CustomerHeader.tsx';

/**
 * Loads the route's customer and shows its header above the tab's content; the header's New job
 * action (Admin, Technician) opens New job with the customer chosen.
 */
export function CustomerFrame(props: {
  children: (customer: Customer) => ReactNode;
  headerExtra?: (customer: Customer) => ReactNode;
}) {
  const { t } = useTranslation(['customers', 'common', 'routes']);
  const id = useCustomerId();
  const valid = Number.isInteger(id) && id > 0;
  const canCreateJob = useCan('Module.NewJob');
  const actions = useMemo<HeaderAction[]>(
    () =>
      canCreateJob && valid
        ? [
            {
              id: 'customer-new-job',
              label: t('routes:NewJob'),
              icon: <AddCircle />,
              to: pathFor('NewJobStart', { filter: 'my' }, { customerId: String(id) }),
            },
          ]
        : [],
    [canCreateJob, valid, id, t],
  );
  useHeaderActions(actions);
  const query = useQuery({ ...customerQuery(id), enabled: valid });
  if (!valid || query.isError)
    return (
      <Typography sx={{ p: 3 }} color="error" role="alert">
        {t('customers:not_found', { id: Number.isNaN(id) ? '' : id })}
      </Typography>
    );
  if (!query.data)
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  const customer = query.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <CustomerHeader customer={customer}>{props.headerExtra?.(customer)}</CustomerHeader>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
        {props.children(customer)}
      </Box>
    </Box>
  );
}
