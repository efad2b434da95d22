import CalendarMonth from '@mui/icons-material/CalendarMonth';
import TableChart from '@mui/icons-material/TableChart';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { useWeek } from '../api.ts';
import { ReportFrame } from '../components/ReportFrame.tsx';
import { UserWeekPanel } from '../components/UserWeekPanel.tsx';
import { WeekNav } from '../components/WeekNav.tsx';
import { useWeekParam } from '../use-week-param.ts';

/**
 * MyHourList (/my-page/myhourlist): the technician's own hours of a week per day and job, added and
 * changed here; with the TimeReportCalendar licence also as a calendar of the week's days.
 */
export default function MyHourListPage() {
  const { t } = useTranslation('timereport');
  const { info } = useSession();
  const { weekStart, thisWeek, setWeek } = useWeekParam();
  const week = useWeek(weekStart, null);
  const calendar = !!info?.Licences.TimeReportCalendar;
  const [mode, setMode] = useState<'grid' | 'calendar'>('grid');
  const onJobs = useCan('Job.Edit');
  const mine = week.data?.Users[0];
  return (
    <ReportFrame
      title={t('myHours.title')}
      help={t('myHours.help')}
      nav={<WeekNav weekStart={weekStart} thisWeek={thisWeek} onChange={setWeek} />}
      tools={
        calendar ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, v: 'grid' | 'calendar' | null) => v && setMode(v)}
            aria-label={t('mode.label')}
          >
            <ToggleButton value="grid" aria-label={t('mode.grid')}>
              <TableChart fontSize="small" />
            </ToggleButton>
            <ToggleButton value="calendar" aria-label={t('mode.calendar')} data-testid="mode-calendar">
              <CalendarMonth fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        ) : null
      }
      weekStart={weekStart}
      exportUserId={null}
      loading={!week.data}
      error={week.error}
    >
      {mine && week.data && (
        <UserWeekPanel
          week={mine}
          days={week.data.Days}
          weekStart={weekStart}
          mode={calendar ? mode : 'grid'}
          office={false}
          onJobs={onJobs}
          reportFor={null}
        />
      )}
    </ReportFrame>
  );
}
