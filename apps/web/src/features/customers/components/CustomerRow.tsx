import type { CustomerListItem } from '@fieldport/contract';
import Business from '@mui/icons-material/Business';
import ToggleOff from '@mui/icons-material/ToggleOff';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';

/**
 * A customer list item (000 §2): id, name, customer number and default delivery address; an inactive
 * customer is greyed with the off icon.
 */
export const CustomerRow = memo(function CustomerRow({ customer }: { customer: CustomerListItem }) {
  const { t } = useTranslation('customers');
  const inactive = !customer.IsActive;
  const address = customer.DefaultDeliveryAddress?.DisplayName || t('no_customer_address');
  return (
    <ListItemButton
      component={Link}
      to={pathFor('ViewCustomerDetails', { customerId: String(customer.Id) })}
      data-testid={`customer-row-${customer.Id}`}
      data-inactive={inactive ? 'true' : 'false'}
      divider
      sx={{ color: inactive ? 'text.secondary' : undefined, gap: 1 }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: inactive ? 'text.secondary' : 'primary.main' }}>
        {inactive ? (
          <ToggleOff titleAccess={t('inactive')} data-testid="inactive-icon" />
        ) : (
          <Business aria-hidden />
        )}
      </ListItemIcon>
      <ListItemText
        primary={customer.Name}
        secondary={address}
        slotProps={{
          primary: { noWrap: true, sx: { fontWeight: 500 } },
          secondary: { noWrap: true, color: 'text.secondary' },
        }}
        sx={{ minWidth: 0 }}
      />
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography variant="body2">{t('number_short', { number: customer.CustomerNumber })}</Typography>
        <Typography variant="caption" color={'text.secondary'}>
          {t('id_short', { id: customer.Id })}
        </Typography>
      </Box>
    </ListItemButton>
  );
});
