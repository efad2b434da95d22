import type { JobKpi } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../i18n/dates.ts';
import { useCan } from '../../../../lib/use-can.ts';
import { useChangeKpi, useJobKpi, useKpiOptions } from '../../api/kpi.ts';

function Measure({ label, value, detail }: { label: string; value: string; detail?: string | null }) {
  return (
    <Stack sx={{ minWidth: 150 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The job's KPIs on the job view (002 §7.11): response time, time to completion, visits, revisit and
 * first-time fix, computed by the server; the service manager (Admin) sets first-time fix, leaves the
 * job out or gives a reason.
 */
export default function KpiPanel({ jobId }: { jobId: number }) {
  const { t } = useTranslation('kpi');
  const kpi = useJobKpi(jobId);
  const isManager = useCan('Module.DashboardAdmin');
  if (kpi.isError) return <Alert severity="warning">{t('loadFailed')}</Alert>;
  if (!kpi.data) return null;
  const k = kpi.data;
  const hours = (v: number | null) => (v === null ? t('notYet') : t('hours', { value: v }));
  const yesNo = (v: boolean | null) => (v === null ? t('notYet') : v ? t('yes') : t('no'));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label={t('title')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('title')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
        <Measure
          label={t('responseTime')}
          value={hours(k.ResponseHours)}
          detail={k.FirstAppointment ? formatDateTime(k.FirstAppointment) : null}
        />
        <Measure
          label={t('completionTime')}
          value={hours(k.CompletionHours)}
          detail={k.Completed ? formatDateTime(k.Completed) : null}
        />
        <Measure label={t('visits')} value={String(k.Visits)} />
        <Measure
          label={t('firstTimeFix')}
          value={yesNo(k.FirstTimeFix)}
          detail={k.FirstTimeFixSet ? t('setByManager') : null}
        />
        <Measure
          label={t('revisit')}
          value={k.Revisit ? t('yes') : t('no')}
          detail={k.RevisitOfJobId ? t('revisitOf', { id: k.RevisitOfJobId }) : null}
        />
      </Stack>
      {k.ExcludeFromKpi && !isManager && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('excluded')}
        </Typography>
      )}
      {isManager && <KpiSettings jobId={jobId} kpi={k} />}
    </Paper>
  );
}

function KpiSettings({ jobId, kpi }: { jobId: number; kpi: JobKpi }) {
  const { t } = useTranslation('kpi');
  const options = useKpiOptions(jobId, true);
  const change = useChangeKpi(jobId);
  if (!options.data) return null;
  const o = options.data;
  const save = (v: { FirstTimeFix?: boolean | null; ExcludeFromKpi?: boolean; Reason?: string }) =>
    change.mutate({ ...v, RowVersion: o.RowVersion });
  const fix = o.FirstTimeFix === null ? 'computed' : o.FirstTimeFix ? 'yes' : 'no';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
      <Typography variant="body2" color="text.secondary">
        {t('settings')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('firstTimeFix')}
        value={fix}
        disabled={change.isPending}
        onChange={(e) =>
          save({ FirstTimeFix: e.target.value === 'computed' ? null : e.target.value === 'yes' })
        }
        sx={{ minWidth: 170 }}
      >
        <MenuItem value="computed">{t('computed')}</MenuItem>
        <MenuItem value="yes">{t('yes')}</MenuItem>
        <MenuItem value="no">{t('no')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('reason')}
        value={o.Reason}
        disabled={change.isPending}
        onChange={(e) => save({ Reason: e.target.value })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{t('noReason')}</MenuItem>
        {o.Reasons.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`reasons.${r}`, { defaultValue: r })}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={kpi.ExcludeFromKpi}
            disabled={change.isPending}
            onChange={(e) => save({ ExcludeFromKpi: e.target.checked })}
          />
        }
        label={t('exclude')}
      />
      {change.isError && <Alert severity="error">{t('saveFailed')}</Alert>}
    </Stack>
  );
}
