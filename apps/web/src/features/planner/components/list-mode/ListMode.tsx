import type { SchedulerData } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePreference } from '../../../../lib/preferences.ts';
import { pathFor } from '../../../../lib/routing/access.ts';
import { statusFilter } from '../../../../lib/routing/job-filter.ts';
import { formatClock, formatLongDay } from '../../format.ts';
import { countsByUser, type ListItem, type ListToggles, listDays } from '../../rules/list-days.ts';
import type { Resource } from '../../rules/rows.ts';
import { formatDay } from '../../rules/wall-clock.ts';
import { ResourceList } from './ResourceList.tsx';

interface Props {
  /** The shown users (hidden ones and other departments left out), by name. */
  resources: readonly Resource[];
  data: SchedulerData | undefined;
  range: { from: number; to: number };
}

/**
 * The planner's list mode (000 §2): the resource list (the chosen user in `?resource=`) beside the
 * range's days, each with its appointments: status, subject, participants, time range and a link to the
 * job (none for absences); the three toggles are preferences.
 */
export function ListMode({ resources, data, range }: Props) {
  const { t } = useTranslation('planner');
  const [search, setSearch] = useSearchParams();
  const [showAsJobs, setShowAsJobs] = usePreference('PlannerListShowAsJobs');
  const [hideCompleted, setHideCompleted] = usePreference('PlannerListHideCompletedJobs');
  const [hideAbsence, setHideAbsence] = usePreference('PlannerListHideAbsence');
  const [width] = usePreference('PlannerResourceListWidth');
  const toggles: ListToggles = useMemo(
    () => ({ showAsJobs, hideCompleted, hideAbsence }),
    [showAsJobs, hideCompleted, hideAbsence],
  );
  const asked = Number(search.get('resource'));
  const selected = resources.some((r) => r.id === asked) ? asked : null;
  const select = (id: number | null) =>
    setSearch(
      (s) => {
        if (id === null) s.delete('resource');
        else s.set('resource', String(id));
        return s;
      },
      { replace: true },
    );

  const { from, to } = range;
  const { days, counts, total } = useMemo(() => {
    const shown = { from, to };
    return {
      days: listDays(data, resources, shown, selected, toggles),
      counts: countsByUser(data, resources, toggles),
      total: listDays(data, resources, shown, null, { ...toggles, showAsJobs: false }).reduce(
        (n, d) => n + d.items.length,
        0,
      ),
    };
  }, [data, resources, from, to, selected, toggles]);

  if (resources.length === 0) return <Alert severity="info">{t('listMode.noResources')}</Alert>;

  return (
    <Box
      sx={{ display: 'flex', flex: 1, minHeight: 0, border: 1, borderColor: 'divider' }}
      data-testid="planner-list"
    >
      <Box
        sx={{
          width: `${Math.min(45, Math.max(10, width))}%`,
          minWidth: 170,
          overflow: 'auto',
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        <ResourceList
          resources={resources}
          counts={counts}
          total={total}
          selected={selected}
          onSelect={select}
        />
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto', px: 2, pb: 2 }}>
        <Box
          role="group"
          aria-label={t('listMode.options')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          <FormControlLabel
            control={<Switch checked={showAsJobs} onChange={(e) => setShowAsJobs(e.target.checked)} />}
            label={t('listMode.showAsJobs')}
          />
          <FormControlLabel
            control={<Switch checked={hideCompleted} onChange={(e) => setHideCompleted(e.target.checked)} />}
            label={t('listMode.hideCompleted')}
          />
          <FormControlLabel
            control={<Switch checked={hideAbsence} onChange={(e) => setHideAbsence(e.target.checked)} />}
            label={t('listMode.hideAbsence')}
          />
        </Box>
        {days.map((d) => (
          <DayGroup key={d.day} day={d.day} items={d.items} />
        ))}
      </Box>
    </Box>
  );
}

function DayGroup({ day, items }: { day: number; items: ListItem[] }) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const id = `planner-list-day-${formatDay(day)}`;
  return (
    <Box component="section" aria-labelledby={id} data-testid={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {formatLongDay(day, lang)}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('listMode.noAppointments')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <Entry key={item.key} item={item} lang={lang} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function Entry({ item, lang }: { item: ListItem; lang: string }) {
  const { t } = useTranslation('planner');
  const { event } = item;
  const subject = event.isAbsence ? event.name || t('event.absence') : event.name;
  const status = event.isAbsence ? t('event.absence') : (event.jobStatusName ?? '');
  return (
    <Box
      component="li"
      data-testid="planner-list-item"
      sx={{
        display: 'grid',
        gridTemplateColumns: { md: '130px 1fr 1fr 120px', xs: '1fr' },
        gap: 1,
        alignItems: 'center',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box>
        <Chip size="small" label={status} variant="outlined" />
      </Box>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {subject}
          {item.count > 1 && ` ${t('listMode.visits', { count: item.count })}`}
        </Typography>
        {event.jobId !== null && !event.isAbsence && (
          <Link
            component={RouterLink}
            variant="body2"
            to={pathFor('ViewJob', {
              filter: statusFilter(event.jobStatusId ?? 10, 0),
              jobId: String(event.jobId),
            })}
          >
            {t('listMode.openJob', { name: subject })}
          </Link>
        )}
      </Box>
      <Typography variant="body2">
        {item.participants.length
          ? item.participants.map((p) => p.name).join(', ')
          : t('listMode.noParticipants')}
      </Typography>
      <Typography variant="body2">
        {formatClock(item.start, lang)}–{formatClock(item.end, lang)}
      </Typography>
    </Box>
  );
}
