import { dayPlus, isoWeek } from '@fieldport/contract';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';

/** The week shown: previous, this and next week, and its number and days. */
export function WeekNav({
  weekStart,
  thisWeek,
  onChange,
}: {
  weekStart: string;
  thisWeek: string;
  onChange: (weekStart: string) => void;
}) {
  const { t } = useTranslation('timereport');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <IconButton aria-label={t('week.previous')} onClick={() => onChange(dayPlus(weekStart, -7))}>
        <ChevronLeft />
      </IconButton>
      <Typography
        component="h3"
        variant="subtitle1"
        data-testid="week-title"
        sx={{ minWidth: 220, textAlign: 'center' }}
      >
        {t('week.title', {
          week: isoWeek(weekStart),
          from: formatDate(weekStart),
          to: formatDate(dayPlus(weekStart, 6)),
        })}
      </Typography>
      <IconButton aria-label={t('week.next')} onClick={() => onChange(dayPlus(weekStart, 7))}>
        <ChevronRight />
      </IconButton>
      <Button size="small" disabled={weekStart === thisWeek} onClick={() => onChange(thisWeek)}>
        {t('week.thisWeek')}
      </Button>
    </Box>
  );
}
