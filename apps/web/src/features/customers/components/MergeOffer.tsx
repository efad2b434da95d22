import type { Customer } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/feedback/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { customerQuery } from '../api/customers.ts';
import { useMoveAllMachines } from '../api/mutations.ts';

/**
 * The merge offer of a taken customer number (001 §5): open the customer that holds it, or merge
 * this customer into it by moving all its machines there (ChangeOwnerAllMachines), after a confirm.
 */
export function MergeOffer(props: { customer: Customer; holderId: number; number: string; onDone(): void }) {
  const { t } = useTranslation(['customers', 'common']);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const holder = useQuery({ ...customerQuery(props.holderId), retry: false });
  const name = holder.data?.Name ?? t('customers:customer_with_id', { id: props.holderId });
  const move = useMoveAllMachines(props.customer.Id);
  const busy = move.isPending;

  const moveMachines = async () => {
    const ok = await confirm({
      title: t('customers:merge_confirm_title'),
      message: t('customers:merge_confirm_text', { from: props.customer.Name, to: name }),
      confirmText: t('customers:merge_move'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    try {
      await move.mutateAsync(props.holderId);
      props.onDone();
      navigate(pathFor('ViewCustomerMachines', { customerId: String(props.holderId) }));
    } catch {
      // The client has shown why.
    }
  };

  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="merge-offer">
      <AlertTitle>{t('customers:merge_title')}</AlertTitle>
      {t('customers:merge_text', { number: props.number, name })}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          onClick={() => navigate(pathFor('ViewCustomerDetails', { customerId: String(props.holderId) }))}
        >
          {t('customers:merge_open', { name })}
        </Button>
        <Button
          size="small"
          variant="contained"
          color="warning"
          loading={busy}
          onClick={() => void moveMachines()}
        >
          {t('customers:merge_move_to', { name })}
        </Button>
      </Stack>
    </Alert>
  );
}
