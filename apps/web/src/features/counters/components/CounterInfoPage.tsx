import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../../lib/use-can.ts';
import { useCounter } from '../api/counters.ts';
import { CounterCard } from './CounterCard.tsx';

/** CounterInfo (/admin/counters/:counterId/info): one counter with its history and a new reading. */
export function CounterInfoPage() {
  const { t } = useTranslation('counters');
  const id = Number(useParams().counterId);
  const counter = useCounter(id);
  const canEdit = useCan('Machine.Edit');
  if (counter.isError) return <Alert severity="error">{t('failed')}</Alert>;
  if (!counter.data) return null;
  return (
    <Box sx={{ p: 2, maxWidth: 760 }}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {`${counter.data.CustomerName} · ${counter.data.MachineName}`}
      </Typography>
      <CounterCard counter={counter.data} canEdit={canEdit} />
    </Box>
  );
}
