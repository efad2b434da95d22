import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathFor } from '../../lib/routing/access.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { type PortalMachine, usePortalMachines } from './api.ts';
import { ShowMore } from './ShowMore.tsx';

/** 001 §5: search inputs wait this long after the last key. */
const SEARCH_DEBOUNCE_MS = 400;

const detailsOf = (m: PortalMachine) =>
  [m.SerialNumber, m.MachineModel?.Name, m.MachineModel?.MachineType?.Name].filter(Boolean).join(' · ');

/**
 * CustomerPortalMachines (/my-company/machines, issue 32): the company's active machines, searchable by
 * name, serial number or QR code, 50 at a time with Show more; each opens its page with the fault report form.
 */
export default function CustomerMachinesPage() {
  const { t } = useTranslation('portal');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const machines = usePortalMachines(word);
  const rows = machines.items;
  return (
    <Box
      component="section"
      aria-labelledby="portal-machines-title"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography id="portal-machines-title" component="h1" variant="h5">
        {t('machines.title')}
      </Typography>
      <TextField
        type="search"
        label={t('machines.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ maxWidth: 480 }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {machines.isError ? (
        <Typography role="alert" color="error">
          {t('failed')}
        </Typography>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography role="status" variant="body2" color="text.secondary">
          {machines.isSuccess ? t('machines.count', { count: machines.total }) : ''}
        </Typography>
        <Box component="ul" data-testid="portal-machines" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rows.map((m) => (
            <Box component="li" key={m.Id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Link
                component={RouterLink}
                to={pathFor('CustomerPortalMachine', { machineId: String(m.Id) })}
                underline="hover"
                sx={{ fontWeight: 600 }}
              >
                {m.DisplayName || m.Name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {detailsOf(m)}
              </Typography>
            </Box>
          ))}
        </Box>
        <ShowMore {...machines} shown={rows.length} />
      </Paper>
    </Box>
  );
}
