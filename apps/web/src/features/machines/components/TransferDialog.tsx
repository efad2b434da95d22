import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerDropdown } from '../../../components/search-dropdown/index.ts';
import { ApiError, isCancelled } from '../../../lib/api/client.ts';
import type { Machine } from '../api/machines.ts';
import { useChangeMachineOwner } from '../api/mutations.ts';
import { AddressSelect } from './AddressSelect.tsx';

/**
 * Moves a machine to another customer (POST machine/changeOwner/{id} with CustomerId and the chosen
 * delivery address, by default the new customer's). On failure the dialog stays open with the server's
 * message (002 §8); on success it closes and hands back the moved machine.
 */
export function TransferDialog(props: {
  machine: Machine;
  onClose(): void;
  onMoved(machine: Machine): void;
}) {
  const { t } = useTranslation(['machines', 'validation', 'common']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { machine } = props;
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const changeOwner = useChangeMachineOwner(machine.Id, t('transfer.moved'));
  const saving = changeOwner.isPending;
  const [tried, setTried] = useState(false);

  async function move() {
    setTried(true);
    if (customerId === null) return;
    setFailure(null);
    try {
      const moved = await changeOwner.mutateAsync({
        CustomerId: customerId,
        ...(addressId !== null ? { DeliveryAddressId: addressId } : {}),
      });
      props.onMoved(moved);
    } catch (err) {
      if (isCancelled(err)) return;
      setFailure((err instanceof ApiError && err.body?.Message) || t('transfer.failed'));
    }
  }

  return (
    <Dialog
      open
      onClose={saving ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="machine-transfer-title"
    >
      <DialogTitle id="machine-transfer-title">{t('transfer.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {t('transfer.text', { machine: machine.Name, customer: machine.CustomerName })}
          </DialogContentText>
          <CustomerDropdown
            value={customerId}
            onChange={(id) => {
              setCustomerId(id);
              setAddressId(null);
              setFailure(null);
            }}
            label={t('transfer.newCustomer')}
            required
            excludeId={machine.CustomerId}
            testId="machine-transfer-customer"
            {...(tried && customerId === null ? { error: t('validation:required_field') } : {})}
          />
          <AddressSelect
            customerId={customerId}
            value={addressId}
            onChange={setAddressId}
            pickDefault
            name="DeliveryAddressId"
          />
          {failure ? (
            <Alert severity="error" role="alert" data-testid="machine-transfer-error">
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={saving}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" onClick={() => void move()} loading={saving}>
          {t('transfer.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
