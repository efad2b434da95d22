import CloseIcon from '@mui/icons-material/Close';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type PlannerMapOptions, usePreference } from '../../../../lib/preferences.ts';
import { pathFor } from '../../../../lib/routing/access.ts';
import { statusFilter } from '../../../../lib/routing/job-filter.ts';
import { useSession } from '../../../../lib/session.tsx';
import { mainOffice, markerStatusIds } from '../../rules/map-markers.ts';
import { MapCanvas } from './MapCanvas.tsx';
import { MapSettingsDialog } from './MapSettingsDialog.tsx';
import { type NearbyCircle, useMarkerStatuses, useNearbyJobs, useRoutePlan } from './map-api.ts';
import { RouteLegs } from './RouteLegs.tsx';

/** Unselected toggles in the secondary text colour (the default grey is too faint), as the toolbar's. */
const toggle = { color: 'text.secondary', '&.Mui-selected': { color: 'primary.main' } } as const;

/** The day route to show: a user and a day (YYYY-MM-DD), from a user cell click. */
export interface MapRoute {
  userId: number;
  userName: string;
  date: string;
}

interface Props {
  route: MapRoute | null;
  onClearRoute(): void;
}

/**
 * The planner's map panel (000 §2, issue 12): the marker status filter, the map settings, the route
 * shown, and the map with the jobs of the visible area and the day route. Needs the Maps licence.
 * Loaded lazily with the map (PlannerPage), its libraries on top of that (MapCanvas).
 */
export default function MapPanel({ route, onClearRoute }: Props) {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  if (!info?.Licences.Maps) {
    return (
      <Alert severity="info" data-testid="planner-map-licence" sx={{ m: 1 }}>
        {t('map.licenceRequired')}
      </Alert>
    );
  }
  return <LicensedMap route={route} onClearRoute={onClearRoute} />;
}

function LicensedMap({ route, onClearRoute }: Props) {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  const maps = info?.GlobalSettings.Maps;
  const office = useMemo(() => mainOffice(maps?.MainLocationCoordinates), [maps?.MainLocationCoordinates]);
  const [storedOptions, setOptions] = usePreference('PlannerMapOptions');
  const [storedStatuses, setStatuses] = usePreference('PlannerMarkerStatusFilter');
  const options = useMapOptions(storedOptions);
  const statuses = useMarkerStatuses();
  const statusIds = useMemo(
    () =>
      markerStatusIds(
        storedStatuses,
        (statuses.data ?? []).map((s) => s.id),
      ),
    [storedStatuses, statuses.data],
  );
  const [circle, setCircle] = useState<NearbyCircle | null>(null);
  const nearby = useNearbyJobs(circle, statusIds);
  const places = useMemo(() => nearby.data ?? [], [nearby.data]);
  const routePlan = useRoutePlan(route ? { userId: route.userId, date: route.date } : null);
  const [selected, setSelected] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const onView = useCallback((c: NearbyCircle) => setCircle(c), []);
  const selectedPlace = selected !== null ? places[selected] : undefined;

  return (
    <Box
      component="section"
      aria-label={t('map.title')}
      data-testid="planner-map-panel"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pb: 1 }}>
        <TextField
          select
          size="small"
          label={t('map.statusFilter')}
          value={statusIds}
          sx={{ minWidth: 180, maxWidth: 260 }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (ids) => t('map.statusCount', { count: (ids as number[]).length }),
            },
          }}
          onChange={(e) => {
            const ids = e.target.value as unknown as number[];
            // Choosing none goes back to the default (below 50): the map always shows some statuses.
            setStatuses(ids);
            setSelected(null);
          }}
        >
          {(statuses.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              <Checkbox size="small" checked={statusIds.includes(s.id)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={s.name} />
            </MenuItem>
          ))}
        </TextField>
        {options.mapTypeControl && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={options.mapType}
            aria-label={t('map.mapType')}
            onChange={(_, v: PlannerMapOptions['mapType'] | null) =>
              v && setOptions({ ...options, mapType: v })
            }
          >
            <ToggleButton value="Map" sx={toggle}>
              {t('map.typeMap')}
            </ToggleButton>
            <ToggleButton value="Satellite" sx={toggle}>
              {t('map.typeSatellite')}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        <Tooltip title={t('map.settings')}>
          <IconButton aria-label={t('map.settings')} onClick={() => setSettingsOpen(true)}>
            <SettingsIcon />
          </IconButton>
        </Tooltip>
        {route && (
          <Chip
            data-testid="planner-map-route"
            label={t('map.route', { name: route.userName, date: route.date })}
            onDelete={onClearRoute}
            deleteIcon={<CloseIcon aria-label={t('map.clearRoute')} />}
          />
        )}
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
        <MapCanvas
          styleUrl={options.mapType === 'Satellite' ? maps?.MapSatelliteStyleUrl : maps?.MapStyleUrl}
          options={options}
          office={office}
          places={places}
          route={routePlan.isError ? undefined : routePlan.data}
          selected={selected}
          onSelect={setSelected}
          onView={onView}
        />
        {nearby.isFetching && (
          <LinearProgress
            aria-label={t('map.loadingJobs')}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
          />
        )}
        {routePlan.isFetching && (
          <Paper
            role="status"
            data-testid="planner-map-route-loading"
            sx={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)', px: 2, py: 1 }}
          >
            {t('map.loadingRoute')}
          </Paper>
        )}
        {route && routePlan.data && !routePlan.isFetching && routePlan.data.Routes.length === 0 && (
          <Paper role="status" sx={{ position: 'absolute', top: 12, left: 12, px: 2, py: 1 }}>
            {t('map.noStops')}
          </Paper>
        )}
        {route && routePlan.data && !routePlan.isFetching && routePlan.data.Routes.length > 0 && (
          <RouteLegs plan={routePlan.data} />
        )}
        {selectedPlace && (
          <Paper
            data-testid="planner-map-place"
            sx={{
              position: 'absolute',
              left: 8,
              bottom: 8,
              maxWidth: 320,
              maxHeight: '45%',
              overflow: 'auto',
              p: 1,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {t('map.jobsHere', { count: selectedPlace.Jobs.length })}
              </Typography>
              <IconButton size="small" aria-label={t('map.close')} onClick={() => setSelected(null)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
            {selectedPlace.Jobs.map((job) => (
              <Box key={job.Id} sx={{ py: 0.5, borderTop: 1, borderColor: 'divider' }}>
                <RouterLink
                  to={pathFor('ViewJob', { filter: statusFilter(job.JobStatusId, 0), jobId: String(job.Id) })}
                >
                  {job.DisplayName}
                </RouterLink>
                <Typography variant="body2" color="text.secondary">
                  {[job.StatusName, job.CustomerName, job.Address].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
            ))}
          </Paper>
        )}
      </Box>
      <MapSettingsDialog
        open={settingsOpen}
        options={options}
        onChange={setOptions}
        onClose={() => setSettingsOpen(false)}
      />
    </Box>
  );
}

/** The stored map options over the defaults: a value stored by another version fills in. */
function useMapOptions(stored: Partial<PlannerMapOptions>): PlannerMapOptions {
  return useMemo(
    () => ({
      mapType: stored.mapType === 'Satellite' ? 'Satellite' : 'Map',
      navigator: stored.navigator ?? true,
      zoom: stored.zoom ?? true,
      mapTypeControl: stored.mapTypeControl ?? true,
      scale: stored.scale ?? true,
      rotate: stored.rotate ?? false,
      fullscreen: stored.fullscreen ?? true,
    }),
    [stored],
  );
}
