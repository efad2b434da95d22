import type { Customer } from '@fieldport/contract';
import ContactPhone from '@mui/icons-material/ContactPhone';
import ToggleOff from '@mui/icons-material/ToggleOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { contactsQuery } from '../api/customers.ts';
import { useCustomerRights } from '../hooks/use-customer-rights.ts';
import { NewContactForm } from './NewContactForm.tsx';
import { RecordSection } from './RecordSection.tsx';

/** The customer's contact persons: list (opening one shows its page) and add. */
export function ContactsSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation(['customers', 'common']);
  const rights = useCustomerRights();
  const query = useQuery(contactsQuery(customer.Id));
  const [adding, setAdding] = useState(false);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const canAdd = !rights.contactReadOnly && rights.canEditContact;

  return (
    <RecordSection
      id="contacts"
      title={t('contacts')}
      addLabel={t('add_contact')}
      onAdd={canAdd ? () => setAdding(true) : null}
      query={query}
      emptyText={t('no_customer_contact')}
      renderRow={(c) => (
        <ListItemButton
          key={c.Id}
          divider
          component={Link}
          to={pathFor('ViewCustomerContact', {
            customerId: String(customer.Id),
            contactId: String(c.Id),
          })}
          data-testid={`contact-row-${c.Id}`}
          data-inactive={c.IsActive ? 'false' : 'true'}
          sx={{ color: c.IsActive ? undefined : 'text.secondary' }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
            {c.IsActive ? (
              <ContactPhone fontSize="small" aria-hidden />
            ) : (
              <ToggleOff fontSize="small" titleAccess={t('inactive')} />
            )}
          </ListItemIcon>
          <ListItemText
            primary={
              <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{c.Name}</span>
                {c.Id === customer.DefaultCustomerPersonId ? (
                  <Chip size="small" label={t('default_contact')} color="primary" variant="outlined" />
                ) : null}
              </Box>
            }
            secondary={[c.Email, c.Mobile].filter(Boolean).join(' · ')}
            slotProps={{ secondary: { color: 'text.secondary' } }}
          />
        </ListItemButton>
      )}
    >
      <Dialog open={adding} onClose={() => setAdding(false)} fullScreen={phone} maxWidth="sm" fullWidth>
        <DialogTitle>{t('add_contact')}</DialogTitle>
        <DialogContent dividers>
          {adding ? (
            <NewContactForm
              customerId={customer.Id}
              onSaved={() => setAdding(false)}
              onCancel={() => setAdding(false)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </RecordSection>
  );
}
