import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useKpiSummary } from './api.ts';

/**
 * The dashboard's KPI card (002 §7.11): this month's jobs summed (response and completion times,
 * first-time fix rate, revisits). A chunk of its own with its texts, loaded once the first page has
 * settled, like the chart.
 */
export default function KpiCard() {
  const { t, i18n } = useTranslation('kpi');
  const summary = useKpiSummary();
  const s = summary.data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const hours = (v: number | null | undefined) => (v == null ? '–' : t('hours', { value: number.format(v) }));
  const rows: [string, string, string][] = s
    ? [
        ['jobs', t('card.jobs'), number.format(s.Jobs)],
        ['completed', t('card.completed'), number.format(s.Completed)],
        ['response', t('card.avgResponse'), hours(s.AverageResponseHours)],
        ['completion', t('card.avgCompletion'), hours(s.AverageCompletionHours)],
        ['ftf', t('card.ftfRate'), s.FirstTimeFixRate === null ? '–' : percent.format(s.FirstTimeFixRate)],
        ['revisits', t('card.revisits'), number.format(s.Revisits)],
      ]
    : [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="dashboard-kpi" sx={{ p: 2 }}>
      <Typography id="dashboard-kpi" component="h2" variant="h6">
        {t('card.title')}
      </Typography>
      {summary.isError && (
        <Typography role="alert" color="error">
          {t('loadFailed')}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
          gap: 2,
        }}
      >
        {rows.map(([id, label, value]) => (
          <Box key={id} data-testid={`kpi-${id}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
