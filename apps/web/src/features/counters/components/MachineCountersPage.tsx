import { COUNTER_TYPES } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../../lib/use-can.ts';
import { useCreateCounter, useMachineCounters, useReadingsApplied } from '../api/counters.ts';
import { CounterCard } from './CounterCard.tsx';

/** ViewMachineCounters (/pim/machine-list/:machineId/counters): the machine's counters with their history. */
export function MachineCountersPage() {
  const { t } = useTranslation('counters');
  const machineId = Number(useParams().machineId);
  const counters = useMachineCounters(machineId);
  const canEdit = useCan('Machine.Edit');
  useReadingsApplied();
  if (counters.isError) return <Alert severity="error">{t('failed')}</Alert>;
  if (!counters.data) return null;
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 760 }}>
      {counters.data.length === 0 ? <Typography color="text.secondary">{t('noCounters')}</Typography> : null}
      {counters.data.map((c) => (
        <CounterCard key={c.Id} counter={c} canEdit={canEdit} />
      ))}
      {canEdit ? <NewCounter machineId={machineId} /> : null}
    </Stack>
  );
}

function NewCounter({ machineId }: { machineId: number }) {
  const { t } = useTranslation('counters');
  const [type, setType] = useState('1');
  const [name, setName] = useState('');
  const create = useCreateCounter();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField select size="small" label={t('type')} value={type} onChange={(e) => setType(e.target.value)}>
        {COUNTER_TYPES.map((c) => (
          <MenuItem key={c} value={String(c)}>
            {t(`types.${c}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" label={t('name')} value={name} onChange={(e) => setName(e.target.value)} />
      <Button
        startIcon={<Add />}
        disabled={create.isPending}
        onClick={() =>
          create.mutate(
            { MachineId: machineId, CounterType: Number(type), Name: name },
            { onSuccess: () => setName('') },
          )
        }
      >
        {t('new')}
      </Button>
    </Box>
  );
}
