import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtualList } from '../../../components/paged-list/index.ts';
import { useCan } from '../../../lib/use-can.ts';
import { type UserWeek, useWeek } from '../api.ts';
import { ClassicNotice } from '../components/ClassicNotice.tsx';
import { ReportFrame } from '../components/ReportFrame.tsx';
import { UserWeekPanel } from '../components/UserWeekPanel.tsx';
import { WeekNav } from '../components/WeekNav.tsx';
import { useWeekParam } from '../use-week-param.ts';
import { hoursText } from '../week.ts';

type Person = UserWeek & { Id: number };

/**
 * TimeReport (/dashboard/timereport): the office's week of every technician, each with the week's total
 * against the employment's hours and whether it is approved; the chosen one's week beside the list,
 * to report for them and to approve it.
 */
export default function TimeReportPage() {
  const { t, i18n } = useTranslation('timereport');
  const { weekStart, thisWeek, setWeek } = useWeekParam();
  const week = useWeek(weekStart, null);
  const onJobs = useCan('Job.Edit');
  const [chosen, setChosen] = useState<number | null>(null);
  const people: Person[] = (week.data?.Users ?? []).map((u) => ({ ...u, Id: u.UserId }));
  const current = people.find((p) => p.Id === chosen) ?? people[0];
  return (
    <ReportFrame
      title={t('office.title')}
      help={t('office.help')}
      nav={
        <>
          <ClassicNotice />
          <WeekNav weekStart={weekStart} thisWeek={thisWeek} onChange={setWeek} />
        </>
      }
      weekStart={weekStart}
      exportUserId={null}
      loading={!week.data}
      error={week.error}
    >
      {people.length === 0 ? (
        <Typography color="text.secondary">{t('office.empty')}</Typography>
      ) : (
        <Box
          sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, minHeight: 0, flex: 1 }}
        >
          <VirtualList
            items={people}
            label={t('office.people')}
            estimateSize={56}
            testId="people-list"
            // 260 px and no more: the list grew to half the page (VirtualList's flex: 1) and left the
            // week table too narrow for its Sunday.
            sx={{
              flexGrow: { md: 0 },
              flexBasis: { md: 260 },
              maxHeight: { xs: 240, md: 'none' },
              flexShrink: 0,
            }}
            renderItem={(p, _i, row) => (
              <ListItemButton
                selected={p.Id === current?.Id}
                tabIndex={row.active ? 0 : -1}
                onClick={() => setChosen(p.Id)}
                data-testid={`person-${p.Id}`}
              >
                <ListItemText
                  primary={p.UserName}
                  secondary={`${t('totals.short_form', {
                    hours: hoursText(p.TotalHours, i18n.language),
                    employment: hoursText(p.WeeklyHours, i18n.language),
                  })}${p.Approved ? ` · ${t('approval.approvedShort')}` : ''}`}
                />
              </ListItemButton>
            )}
          />
          {current && week.data && (
            <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
              <UserWeekPanel
                week={current}
                days={week.data.Days}
                weekStart={weekStart}
                mode="grid"
                office
                onJobs={onJobs}
                reportFor={current.UserId}
              />
            </Box>
          )}
        </Box>
      )}
    </ReportFrame>
  );
}
