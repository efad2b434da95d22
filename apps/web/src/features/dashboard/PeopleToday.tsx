import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VirtualList } from '../../components/paged-list/VirtualList.tsx';
import { formatTime } from '../../i18n/dates.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { useCan } from '../../lib/use-can.ts';
import type { DashboardHome } from './api.ts';

type Person = DashboardHome['People'][number];
type Span = { StartTime: string; EndTime: string };

/** The day bar's colours: the work hours free, a booking, an absence (the legend names each). */
const BAR = { free: 'success.light', booked: 'primary.main', absent: 'grey.600' } as const;

const minutesOf = (v: string) => Number(v.slice(11, 13)) * 60 + Number(v.slice(14, 16));

/** Where a stretch of the day sits on the work-hours bar, in percent of its width. */
function placed(span: Span, day: Span) {
  const from = minutesOf(day.StartTime);
  const width = Math.max(1, minutesOf(day.EndTime) - from);
  const start = Math.max(0, Math.min(100, ((minutesOf(span.StartTime) - from) / width) * 100));
  const end = Math.max(0, Math.min(100, ((minutesOf(span.EndTime) - from) / width) * 100));
  return { left: `${start}%`, width: `${Math.max(0, end - start)}%` };
}

const range = (s: Span) => `${formatTime(s.StartTime)}–${formatTime(s.EndTime)}`;

/**
 * One person's day: name, what is booked, and the free gaps, as text and as a bar over the work hours.
 * The name opens the day in the planner for those who plan; for the others the row itself takes the
 * focus, so the list (a scrolled region) can be read and scrolled with the keyboard.
 */
function PersonRow({ person, day, plans }: { person: Person; day: Span; plans: boolean }) {
  const { t } = useTranslation('dashboard');
  const booked = person.Appointments.map((a) => `${range(a)} ${a.Subject}`.trim()).join(', ');
  const free = person.Gaps.map(range).join(', ');
  return (
    <Box
      sx={{ py: 1, px: 1.5, borderBottom: 1, borderColor: 'divider' }}
      data-testid={`person-${person.UserId}`}
      tabIndex={plans ? undefined : 0}
    >
      <Typography component="p" variant="subtitle2">
        {plans ? (
          <Link
            component={RouterLink}
            to={pathFor('Planner', {}, { date: day.StartTime.slice(0, 10) })}
            underline="hover"
          >
            {person.Name}
          </Link>
        ) : (
          person.Name
        )}
      </Typography>
      <Box aria-hidden sx={{ position: 'relative', height: 10, my: 0.5, bgcolor: BAR.free, borderRadius: 1 }}>
        {person.Appointments.map((a) => (
          <Box
            key={a.Id}
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              bgcolor: a.IsAbsence ? BAR.absent : BAR.booked,
              borderRadius: 1,
              ...placed(a, day),
            }}
          />
        ))}
      </Box>
      <Typography component="p" variant="body2" color="text.secondary">
        {person.Appointments.length ? t('people.booked', { list: booked }) : t('people.nothingBooked')}
        {' · '}
        {person.Gaps.length ? t('people.free', { list: free }) : t('people.noGaps')}
      </Typography>
    </Box>
  );
}

/** Today's appointments per bookable person, with the gaps of the work hours (staff only). */
export default function PeopleToday({ people, day }: { people: readonly Person[]; day: Span }) {
  const { t } = useTranslation('dashboard');
  const plans = useCan('Module.Planner');
  if (people.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('people.none')}
      </Typography>
    );
  return (
    <>
      <Legend />
      <VirtualList
        items={people.map((p) => ({ ...p, Id: p.UserId }))}
        label={t('people.title')}
        estimateSize={72}
        renderItem={(p) => <PersonRow person={p} day={day} plans={plans} />}
        sx={{ maxHeight: 480 }}
      />
    </>
  );
}

/** What the bars' colours mean: free work hours, booked, absent. */
function Legend() {
  const { t } = useTranslation('dashboard');
  const keys = [
    ['free', 'people.legendFree'],
    ['booked', 'people.legendBooked'],
    ['absent', 'people.legendAbsent'],
  ] as const;
  return (
    <Box
      component="ul"
      aria-label={t('people.legend')}
      data-testid="people-legend"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, mb: 1, p: 0, listStyle: 'none' }}
    >
      {keys.map(([colour, text]) => (
        <Box component="li" key={colour} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box aria-hidden sx={{ width: 16, height: 10, borderRadius: 1, bgcolor: BAR[colour] }} />
          <Typography variant="body2" color="text.secondary">
            {t(text)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
