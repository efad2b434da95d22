import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { CustomerDropdown } from '../../../components/search-dropdown/index.ts';
import type { Machine } from '../api/machines.ts';
import { useChangeMachineOwner } from '../api/mutations.ts';
import { useSaveFailure } from '../hooks/use-save-failure.ts';
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
  const { machine } = props;
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const { failure, clear, run } = useSaveFailure(t('transfer.failed'));
  const changeOwner = useChangeMachineOwner(machine.Id, t('transfer.moved'));
  const [tried, setTried] = useState(false);

  function move() {
    setTried(true);
    if (customerId === null) return;
    void run(async () => {
      const moved = await changeOwner.mutateAsync({
        CustomerId: customerId,
        ...(addressId !== null ? { DeliveryAddressId: addressId } : {}),
      });
      props.onMoved(moved);
    });
  }

  return (
    <FormDialog
      title={t('transfer.title')}
      submitLabel={t('transfer.submit')}
      pending={changeOwner.isPending}
      lockWhilePending
      fullScreenOnPhone
      message={failure}
      messageTestId="machine-transfer-error"
      onSubmit={move}
      onClose={props.onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>
          {t('transfer.text', { machine: machine.Name, customer: machine.CustomerName })}
        </DialogContentText>
        <CustomerDropdown
          value={customerId}
          onChange={(id) => {
            setCustomerId(id);
            setAddressId(null);
            clear();
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
      </Stack>
    </FormDialog>
  );
}
