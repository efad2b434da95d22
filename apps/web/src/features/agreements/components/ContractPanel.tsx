import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useContract } from '../api/agreements.ts';

/** One contract: its customer, period, interval and price, and the machines it covers. */
export function ContractPanel({ id }: { id: number }) {
  const { t, i18n } = useTranslation('agreements');
  const contract = useContract(id);
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
        <dd>{`${c.StartDate} – ${c.EndDate ?? t('contracts.openEnded')}`}</dd>
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
          <ListItem key={m.Id}>
            <ListItemText primary={m.Name} secondary={m.SerialNumber || null} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
