import type { Customer } from '@fieldport/contract';
import Business from '@mui/icons-material/Business';
import ToggleOff from '@mui/icons-material/ToggleOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PresenceAvatars } from '../../../components/presence/PresenceAvatars.tsx';

/**
 * The customer's name, number and state above each tab; greyed with the off icon when inactive; who
 * else is on the customer (presence).
 */
export function CustomerHeader({ customer, children }: { customer: Customer; children?: ReactNode }) {
  const { t } = useTranslation('customers');
  const inactive = !customer.IsActive;
  return (
    <Box
      data-testid="customer-header"
      data-inactive={inactive ? 'true' : 'false'}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: inactive ? 'action.hover' : undefined,
      }}
    >
      <Box sx={{ color: inactive ? 'text.secondary' : 'primary.main', display: 'flex' }}>
        {inactive ? <ToggleOff titleAccess={t('inactive')} /> : <Business aria-hidden />}
      </Box>
      <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
        <Typography
          variant="h6"
          component="h2"
          noWrap
          sx={{ color: inactive ? 'text.secondary' : undefined }}
          data-testid="customer-name"
        >
          {customer.Name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {[t('number_short', { number: customer.CustomerNumber }), t('id_short', { id: customer.Id })].join(
            ' · ',
          )}
        </Typography>
      </Box>
      {inactive ? (
        <Chip icon={<ToggleOff />} label={t('inactive')} size="small" data-testid="inactive-chip" />
      ) : null}
      <PresenceAvatars presenceKey={`customer:${customer.Id}`} />
      {children}
    </Box>
  );
}
