import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import type { TimeRow, UserWeek } from '../api.ts';
import { hoursText } from '../week.ts';

/**
 * The calendar mode (TimeReportCalendar licence): the week as seven day columns, each row a card that
 * opens it, and each day's total under its date.
 */
export function CalendarWeek({
  week,
  days,
  onOpen,
}: {
  week: UserWeek;
  days: string[];
  onOpen: (row: TimeRow) => void;
}) {
  const { t, i18n } = useTranslation('timereport');
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' }, gap: 1 }}
      data-testid="calendar-week"
    >
      {days.map((d, i) => (
        <Paper
          key={d}
          variant="outlined"
          sx={{ p: 1, minHeight: 120 }}
          component="section"
          aria-label={formatDate(d)}
        >
          <Typography variant="subtitle2">
            {t(`days.${i}`)} {formatDate(d)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('calendar.dayTotal', { hours: hoursText(week.DayTotals[i] ?? 0, i18n.language) })}
          </Typography>
          {week.Rows.filter((r) => r.WorkDate === d).map((r) => (
            <ButtonBase
              key={`${r.Kind}${r.Id}`}
              onClick={() => onOpen(r)}
              disabled={r.Locked}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                mt: 0.5,
                p: 0.75,
                borderRadius: 1,
                bgcolor: r.Kind === 'Job' ? 'primary.main' : 'secondary.main',
                color: r.Kind === 'Job' ? 'primary.contrastText' : 'secondary.contrastText',
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary' },
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {hoursText(r.Hours, i18n.language)} h
              </Typography>
              <Typography variant="caption" component="div" noWrap>
                {r.Kind === 'Job' ? [r.OrderId, r.JobName].filter(Boolean).join(' · ') : r.Description}
              </Typography>
            </ButtonBase>
          ))}
        </Paper>
      ))}
    </Box>
  );
}
