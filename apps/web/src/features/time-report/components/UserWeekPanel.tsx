import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useToday } from '../../../lib/dates.ts';
import { type TimeRow, type UserWeek, useApproveWeek } from '../api.ts';
import { balanceOf, hoursText } from '../week.ts';
import { CalendarWeek } from './CalendarWeek.tsx';
import { RowDialog } from './RowDialog.tsx';
import { RowList } from './RowList.tsx';
import { WeekGrid } from './WeekGrid.tsx';

/**
 * One user's week: the totals against the employment's hours, the approval (the office approves or
 * opens it again), the grid or (calendar mode) the days, the rows to change, and adding hours.
 */
export function UserWeekPanel({
  week,
  days,
  weekStart,
  mode,
  office,
  onJobs,
  reportFor,
}: {
  week: UserWeek;
  days: string[];
  weekStart: string;
  mode: 'grid' | 'calendar';
  office: boolean;
  onJobs: boolean;
  /** The user id sent with a new row (the office reporting for someone); null: the caller. */
  reportFor: number | null;
}) {
  const { t, i18n } = useTranslation('timereport');
  const approve = useApproveWeek();
  const [dialog, setDialog] = useState<{ row: TimeRow | null } | null>(null);
  const balance = balanceOf(week.TotalHours, week.WeeklyHours);
  // A new row's day: today in the company's zone (a UTC date showed yesterday just after midnight).
  const today = useToday();
  const firstDay = days.includes(today) ? today : (days[0] ?? today);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="user-week"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          {week.UserName}
        </Typography>
        <Typography data-testid="week-total">
          {t('totals.week', {
            hours: hoursText(week.TotalHours, i18n.language),
            employment: hoursText(week.WeeklyHours, i18n.language),
          })}
        </Typography>
        {balance !== 0 && (
          <Chip
            size="small"
            color={balance > 0 ? 'warning' : 'default'}
            label={
              balance > 0
                ? t('totals.over', { hours: hoursText(balance, i18n.language) })
                : t('totals.short', { hours: hoursText(-balance, i18n.language) })
            }
          />
        )}
        {week.Approved ? (
          <Chip
            size="small"
            color="success"
            data-testid="week-approved"
            label={t('approval.approved', {
              by: week.ApprovedByName ?? '',
              at: week.ApprovedAt ? formatDateTime(week.ApprovedAt) : '',
            })}
          />
        ) : (
          <Chip size="small" label={t('approval.open')} data-testid="week-open" />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!week.Approved && (
          <Button
            startIcon={<Add />}
            variant="contained"
            onClick={() => setDialog({ row: null })}
            data-testid="add-hours"
          >
            {t('row.add')}
          </Button>
        )}
        {office && (
          <Button
            variant="outlined"
            disabled={approve.isPending}
            data-testid={week.Approved ? 'reopen-week' : 'approve-week'}
            onClick={() =>
              approve.mutate({ UserId: week.UserId, WeekStart: weekStart, Approved: !week.Approved })
            }
          >
            {week.Approved ? t('approval.reopen') : t('approval.approve')}
          </Button>
        )}
      </Box>
      {mode === 'calendar' ? (
        <CalendarWeek week={week} days={days} onOpen={(row) => setDialog({ row })} />
      ) : (
        <WeekGrid week={week} days={days} />
      )}
      <RowList rows={week.Rows} onEdit={(row) => setDialog({ row })} />
      {dialog && (
        <RowDialog
          userId={reportFor}
          day={dialog.row?.WorkDate ?? firstDay}
          row={dialog.row}
          onJobs={onJobs}
          onClose={() => setDialog(null)}
        />
      )}
    </Paper>
  );
}
