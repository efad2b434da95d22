import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/dates.ts';
import { addDays, useCompanyNow } from '../../lib/dates.ts';
import { STORE_KEYS } from '../../lib/device-store/keys.ts';
import { DeviceStoreFull, StoredAsOf } from '../../lib/device-store/StoredAsOf.tsx';
import { useAppliedStatusChanges, useMyVisits, useVisitJobs } from './api.ts';
import { VisitCard } from './VisitCard.tsx';
import { DAYS_AHEAD, nextVisitOf, type VisitDay, visitDays } from './visits.ts';

function DayHeading({ day, today, id }: { day: string; today: string; id: string }) {
  const { t } = useTranslation('today');
  const name =
    day === today
      ? t('today')
      : day === addDays(today, 1)
        ? t('tomorrow')
        : `${dayjs(day).format('dddd')} ${formatDate(day)}`;
  return (
    <Typography component="h2" variant="h6" id={id} sx={{ mt: 2, mb: 1 }}>
      {name}
    </Typography>
  );
}

/**
 * MyToday (/my-page/today), a technician's start page on a phone (issue 31.1): their visits of today
 * in time order, the next one first and marked, those already over below it, then the next days'.
 * Each shows its window, job, customer, address (to navigate) and contact (to call or write).
 */
export default function TodayPage() {
  const { t } = useTranslation('today');
  // The company's wall clock, read again each minute: the next visit moves on as visits end.
  const now = useCompanyNow(60_000);
  const today = now.slice(0, 10);
  const visits = useMyVisits(today);
  useAppliedStatusChanges();
  const days = visits.data ? visitDays(visits.data, now) : [];
  const jobIds = [...new Set(days.flatMap((d) => [...d.upcoming, ...d.done].map((v) => v.Job.Id)))];
  const jobs = useVisitJobs(jobIds);
  const next = nextVisitOf(days);
  if (visits.isError)
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" onClick={() => void visits.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {navigator.onLine === false ? t('offline') : t('failed')}
      </Alert>
    );
  if (!visits.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('loading')} />;
  const todays = days.find((d) => d.day === today);
  const list = (items: VisitDay['upcoming'], label: string, empty?: string, done = false) => (
    <Stack component="section" aria-labelledby={label} spacing={1}>
      {items.map((v) => (
        <VisitCard key={v.Id} visit={v} job={jobs.get(v.Job.Id)} next={v.Id === next?.Id} done={done} />
      ))}
      {items.length === 0 && empty && <Typography>{empty}</Typography>}
    </Stack>
  );
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720 }} data-testid="today">
      {/* Shown from the device (the server out of reach): how fresh it is, and whether it is all. */}
      <StoredAsOf keys={[STORE_KEYS.visits, ...jobIds.map(STORE_KEYS.job)]} readAt={visits.dataUpdatedAt} />
      <DeviceStoreFull />
      {!todays && (
        <>
          <DayHeading day={today} today={today} id="day-today" />
          <Typography>{t('nothingToday')}</Typography>
        </>
      )}
      {days.map((d) => (
        <Box key={d.day} data-testid={`day-${d.day}`}>
          <DayHeading day={d.day} today={today} id={`day-${d.day}`} />
          {list(d.upcoming, `day-${d.day}`, d.day === today ? t('nothingLeftToday') : undefined)}
          {d.done.length > 0 && (
            <>
              <Typography component="h3" variant="subtitle2" id={`done-${d.day}`} sx={{ mt: 2, mb: 1 }}>
                {t('earlierToday')}
              </Typography>
              {list(d.done, `done-${d.day}`, undefined, true)}
            </>
          )}
        </Box>
      ))}
      {days.every((d) => d.day === today) && (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {t('nothingAhead', { count: DAYS_AHEAD })}
        </Typography>
      )}
    </Box>
  );
}
