import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields/DateFields.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { type CounterItem, useCounterHistory, usePutReading } from '../api/counters.ts';
import { HistoryChart } from './HistoryChart.tsx';
import { PendingReadings } from './PendingReadings.tsx';

const RECENT = 10;

/** A counter: its last reading, a new reading (the staff), its history as a chart and the latest readings. */
export function CounterCard({ counter, canEdit }: { counter: CounterItem; canEdit: boolean }) {
  const { t } = useTranslation('counters');
  const history = useCounterHistory(counter.MachineId, counter.Id);
  const name = counter.Name || t(`types.${counter.CounterType}`);
  const readings = history.data?.Content ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`counter-${counter.Id}`}>
      <Typography variant="h6" component="h2">
        {name}
      </Typography>
      <Typography color="text.secondary">
        {counter.LastValue === null
          ? t('noReadings')
          : t('last', { value: counter.LastValue, date: formatDateTime(counter.LastReadingDate) })}
      </Typography>
      <HistoryChart readings={readings} label={t('chart', { name })} />
      {canEdit ? <ReadingForm counter={counter} name={name} /> : null}
      <PendingReadings counterId={counter.Id} />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('history', { count: history.data?.TotalCount ?? 0 })}
      </Typography>
      <List dense>
        {readings.slice(0, RECENT).map((r) => (
          <ListItem key={r.Id}>
            <ListItemText
              primary={`${r.Value}${r.IsMeterChange ? ` · ${t('meterChange')}` : ''}`}
              secondary={[formatDateTime(r.ReadingDate), r.UserName].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

function ReadingForm({ counter, name }: { counter: CounterItem; name: string }) {
  const { t } = useTranslation('counters');
  const [value, setValue] = useState('');
  const [date, setDate] = useState('');
  const [meterChange, setMeterChange] = useState(false);
  const put = usePutReading(counter.MachineId);
  const error = put.error instanceof ApiError ? put.error.message : put.error ? String(put.error) : null;
  const save = () =>
    put.mutate(
      {
        body: {
          CounterId: counter.Id,
          Value: value,
          IsMeterChange: meterChange,
          ...(date ? { ReadingDate: date } : {}),
        },
        name,
      },
      {
        onSuccess: () => {
          setValue('');
          setDate('');
          setMeterChange(false);
        },
      },
    );
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1 }}
    >
      <TextField
        size="small"
        label={t('value')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        inputMode="decimal"
        required
      />
      <DateTimeField
        size="small"
        label={t('date')}
        value={date}
        onChange={setDate}
        helperText={t('dateHelp')}
      />
      <FormControlLabel
        control={<Checkbox checked={meterChange} onChange={(e) => setMeterChange(e.target.checked)} />}
        label={t('meterChange')}
      />
      <Button type="submit" variant="contained" disabled={!value.trim() || put.isPending}>
        {t('addReading')}
      </Button>
      {error ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
