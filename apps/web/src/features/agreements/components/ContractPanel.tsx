import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useContract } from '../api/agreements.ts';
import { useDeleteContract } from '../api/mutations.ts';
import { ContractFormDialog } from './ContractFormDialog.tsx';

/** One contract: its customer, period, interval and price, and the machines it covers; the Admin edits it. */
export function ContractPanel({
  id,
  onDeleted,
  markedMachineId,
  startEditing = false,
}: {
  id: number;
  onDeleted?(): void;
  /** A machine of the contract to point out (the old contract edit page's contractDetailId). */
  markedMachineId?: number | null;
  /** Opens the edit form at once (for those who may edit). */
  startEditing?: boolean;
}) {
  const { t, i18n } = useTranslation(['agreements', 'common']);
  const contract = useContract(id);
  const admin = useCan('Module.Contracts');
  const [editing, setEditing] = useState(startEditing);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContract();
  if (contract.isError) return <Alert severity="error">{t('contracts.failed')}</Alert>;
  const c = contract.data;
  if (!c) return null;
  const price =
    c.Price === null
      ? '–'
      : new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2 }).format(c.Price);
  return (
    <Box sx={{ p: 2 }} data-testid="contract-panel">
      <Typography variant="h6" component="h2">
        {c.Name}
      </Typography>
      <Typography color="text.secondary">{`${c.ContractTypeName} · ${c.CustomerName}`}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, my: 2 }}>
        <dt>{t('fields.period')}</dt>
        <dd>{`${formatDate(c.StartDate)} – ${c.EndDate ? formatDate(c.EndDate) : t('contracts.openEnded')}`}</dd>
        <dt>{t('fields.intervalMonths')}</dt>
        <dd>{c.IntervalMonths ? t('agreements.everyMonths', { count: c.IntervalMonths }) : '–'}</dd>
        <dt>{t('fields.price')}</dt>
        <dd>{price}</dd>
        {c.Notes ? (
          <>
            <dt>{t('fields.notes')}</dt>
            <dd>{c.Notes}</dd>
          </>
        ) : null}
      </Box>
      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('contracts.machines', { count: c.Machines.length })}
      </Typography>
      <List dense>
        {c.Machines.map((m) => (
          <ListItem
            key={m.Id}
            data-testid={`contract-machine-${m.Id}`}
            {...(m.Id === markedMachineId
              ? { 'aria-current': true, sx: { bgcolor: 'action.selected', borderRadius: 1 } }
              : {})}
          >
            <ListItemText primary={m.Name} secondary={m.SerialNumber || null} />
          </ListItem>
        ))}
      </List>
      {admin ? (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {t('contracts.edit')}
          </Button>
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('contracts.delete')}
          </Button>
        </Stack>
      ) : null}
      {editing && admin ? <ContractFormDialog open contract={c} onClose={() => setEditing(false)} /> : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="contract-delete-title">
        <DialogTitle id="contract-delete-title">{t('contracts.deleteConfirm', { name: c.Name })}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common:cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() =>
              remove.mutate(c.Id, {
                onSuccess: () => {
                  setConfirming(false);
                  onDeleted?.();
                },
              })
            }
          >
            {t('contracts.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
