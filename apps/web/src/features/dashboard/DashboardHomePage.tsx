import { isStaff, JOB_STATUS } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AFTER_FIRST_PAGE_MS } from '../../lib/after-first-page.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { setThisWeekFilter, statusFilter } from '../../lib/routing/job-filter.ts';
import { useSession } from '../../lib/session.tsx';
import { useCan } from '../../lib/use-can.ts';
import { useDashboardHome, useStatusCounts } from './api.ts';
import { type Figure, Figures } from './Figures.tsx';

// The chart library is its own chunk, fetched once the first page has settled (decision 012).
const StatusChart = lazy(() => import('./StatusChart.tsx'));
// So is the day overview, with its virtualised list and time formats: the figures come first.
const PeopleToday = lazy(() => import('./PeopleToday.tsx'));
// And the KPI card, with its texts: this month's jobs summed.
const KpiCard = lazy(() => import('./KpiCard.tsx'));

/** Where a part of the page will be, while it loads. */
const Placeholder = ({ height }: { height: number }) => (
  <Box sx={{ height, bgcolor: 'action.hover', borderRadius: 1 }} />
);

/**
 * True once the first page has settled (its figures shown, then AFTER_FIRST_PAGE_MS): what need not
 * be in the first download may load.
 */
function useAfterFirstPage(shown: boolean) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setSettled(true), AFTER_FIRST_PAGE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return settled;
}

const listOf = (filter: string) => pathFor('JobList', { filter });

/**
 * DashboardHome (/dashboard/home, 001 §2.7), the page everyone lands on: the figures an office needs
 * at the start of the day, each leading to its list, the jobs by status, and each bookable person's day
 * with its gaps. Kept current by the live events (the ['dashboard'] keys) and read again every 60 s.
 */
export default function DashboardHomePage() {
  const { t, i18n } = useTranslation('dashboard');
  const { info } = useSession();
  const staff = info ? isStaff(info.UserInfo.UserTypeId) : false;
  // The open tasks lead to the export page, which is the Admin's (Module.DashboardAdmin).
  const seesExports = useCan('Module.DashboardAdmin');
  const home = useDashboardHome();
  const statuses = useStatusCounts();
  const number = new Intl.NumberFormat(i18n.language);
  const count = (c: { Count: number; Capped: boolean } | undefined) =>
    c === undefined ? null : `${number.format(c.Count)}${c.Capped ? '+' : ''}`;
  const statusCount = (id: number) => {
    const s = statuses.data?.find((x) => x.Id === id);
    return s === undefined ? undefined : { Count: s.Count, Capped: s.CountCapped };
  };
  const h = home.data;
  const restMayLoad = useAfterFirstPage(h !== undefined && statuses.data !== undefined);
  const figures: Figure[] = [
    {
      id: 'unplanned',
      label: t('unplanned'),
      value: count(statusCount(JOB_STATUS.New)),
      to: listOf(statusFilter(JOB_STATUS.New)),
    },
    { id: 'overdue', label: t('overdue'), value: count(h?.Overdue), to: listOf('overdue'), tone: 'error' },
    { id: 'due', label: t('due'), value: count(h?.DueWithin24Hours), to: listOf('due'), tone: 'warning' },
    {
      id: 'completed',
      label: t('completedThisWeek'),
      value: h ? number.format(h.CompletedThisWeek) : null,
      to: listOf(setThisWeekFilter(JOB_STATUS.Completed)),
    },
    {
      id: 'approved',
      label: t('approvedThisWeek'),
      value: h ? number.format(h.ApprovedThisWeek) : null,
      to: listOf(setThisWeekFilter(JOB_STATUS.Approved)),
    },
  ];
  if (seesExports)
    figures.push({
      id: 'tasks',
      label: t('openTasks'),
      value: h ? number.format(h.OpenTasks) : null,
      to: pathFor('MachineExport'),
    });
  const shown = (statuses.data ?? []).filter((s) => s.Id !== JOB_STATUS.Deleted);
  return (
    <Box
      component="section"
      aria-labelledby="dashboard-title"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}
    >
      <Typography id="dashboard-title" component="h1" variant="h5">
        {t('title')}
      </Typography>
      {home.isError ? (
        <Typography role="alert" color="error">
          {t('failed')}
        </Typography>
      ) : null}
      <Figures figures={figures} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Paper variant="outlined" component="section" aria-labelledby="dashboard-statuses" sx={{ p: 2 }}>
          <Typography id="dashboard-statuses" component="h2" variant="h6">
            {t('byStatus')}
          </Typography>
          {shown.length ? (
            <>
              <Suspense fallback={<Placeholder height={290} />}>
                {restMayLoad ? (
                  // The chart repeats the list below it: hidden from assistive technology, and inert so
                  // nothing in it (MUI X's own focusable parts) can take the focus either.
                  <Box aria-hidden inert sx={{ overflow: 'hidden' }}>
                    <StatusChart statuses={shown} label={t('jobs')} />
                  </Box>
                ) : (
                  <Placeholder height={290} />
                )}
              </Suspense>
              <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { xs: 1, sm: 2 } }}>
                {shown.map((s) => (
                  <li key={s.Id}>
                    <Link component={RouterLink} to={listOf(statusFilter(s.Id))} underline="hover">
                      {t('statusCount', {
                        name: s.Name,
                        count: count({ Count: s.Count, Capped: s.CountCapped }),
                      })}
                    </Link>
                  </li>
                ))}
              </Box>
            </>
          ) : (
            <Placeholder height={290} />
          )}
        </Paper>
        {staff ? (
          <Paper variant="outlined" component="section" aria-labelledby="dashboard-people" sx={{ p: 2 }}>
            <Typography id="dashboard-people" component="h2" variant="h6">
              {t('people.title')}
            </Typography>
            {h && restMayLoad ? (
              <Suspense fallback={<Placeholder height={200} />}>
                <PeopleToday people={h.People} day={h.WorkDay} />
              </Suspense>
            ) : (
              <Placeholder height={200} />
            )}
          </Paper>
        ) : null}
      </Box>
      {restMayLoad ? (
        <Suspense fallback={<Placeholder height={120} />}>
          <KpiCard />
        </Suspense>
      ) : null}
    </Box>
  );
}
