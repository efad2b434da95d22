import { TEXT_SEARCH_DEBOUNCE_MS } from '@fieldport/contract';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import ToggleOff from '@mui/icons-material/ToggleOff';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { effectiveSearch, SearchField } from '../../../components/paged-list/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { customerMachinesQuery } from '../api/customers.ts';
import { CustomerFrame } from './CustomerFrame.tsx';

/** ViewCustomerMachines: the customer's machines, inactive ones greyed; opening one shows ViewMachine. */
export default function CustomerMachinesPage() {
  return <CustomerFrame>{(customer) => <MachineList customerId={customer.Id} />}</CustomerFrame>;
}

function MachineList({ customerId }: { customerId: number }) {
  const { t } = useTranslation(['customers', 'common', 'dropdown']);
  const [text, setText] = useState('');
  const word = useDebouncedValue(effectiveSearch(text), TEXT_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...customerMachinesQuery(customerId, word),
    placeholderData: keepPreviousData,
  });
  const machines = query.data ?? [];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <SearchField label={t('search_machines')} value={text} onChange={setText} />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {query.isSuccess ? t('machine_count', { count: machines.length }) : ''}
        </Typography>
      </Box>
      {query.isPending ? (
        <CircularProgress aria-label={t('common:loading')} />
      ) : query.isError ? (
        <Typography color="error">{t('common:failedToGet')}</Typography>
      ) : machines.length === 0 ? (
        <Typography color="text.secondary">{word ? t('no_machines_match') : t('no_machines')}</Typography>
      ) : (
        <List disablePadding aria-label={t('machines')}>
          {/* A list holds list items only: each row's button sits in its li. */}
          {machines.map((m) => (
            <li key={m.Id}>
              <ListItemButton
                divider
                component={Link}
                to={pathFor('ViewMachine', { machineId: String(m.Id) })}
                data-testid={`customer-machine-row-${m.Id}`}
                data-inactive={m.IsActive ? 'false' : 'true'}
                sx={{ color: m.IsActive ? undefined : 'text.secondary' }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                  {m.IsActive ? (
                    <PrecisionManufacturing aria-hidden />
                  ) : (
                    <ToggleOff titleAccess={t('inactive')} />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={m.DisplayName || m.Name}
                  secondary={[
                    m.SerialNumber && t('serial_short', { serial: m.SerialNumber }),
                    m.MachineModel?.Name,
                    m.MachineModel?.MachineType?.Name,
                    m.AssetType?.Name,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  slotProps={{ secondary: { color: 'text.secondary' } }}
                />
              </ListItemButton>
            </li>
          ))}
        </List>
      )}
    </Box>
  );
}
