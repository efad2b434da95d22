import type { OptimisedDay, RoutePlan } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/dates.ts';
import { useSession } from '../../../../lib/session.tsx';
import { decodePolyline } from '../../rules/polyline.ts';
import { mapStyle } from '../map/base-style.ts';
import { useRoutePlan } from '../map/map-api.ts';
import { loadMapLibs } from '../map/map-libs.ts';
import { markerStyles, routeMarker } from '../map/marker-elements.ts';

type Point = [number, number];

/** The two lines' colours: the day as it is (grey, dashed) and as optimised (blue, solid). */
const BEFORE = '#616161';
const AFTER = '#1565c0';

/**
 * The optimised day's two routes on a map (issue 30), along the roads as the board's day route draws
 * them: maps/RoutePlan in the day's order now (grey, dashed) and in the optimised order (blue, numbered
 * stops), each from the technician's start place (their home when set, else the office). Beside it each
 * route's legs with their distance and driving time. Loaded lazily with MapLibre; without the Maps
 * licence: no map.
 */
export default function OptimiseMap({ day }: { day: OptimisedDay }) {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  const licensed = info?.Licences.Maps === true;
  const before = useRoutePlan(licensed ? { userId: day.UserId, date: day.Date } : null);
  const after = useRoutePlan(
    licensed ? { userId: day.UserId, date: day.Date, order: day.Appointments.map((a) => a.Id) } : null,
  );
  const lines = useMemo(() => {
    if (!before.data || !after.data) return null;
    const origin: Point[] = after.data.Origin
      ? [[after.data.Origin.Longitude, after.data.Origin.Latitude]]
      : [];
    const road = (plan: RoutePlan) =>
      plan.Routes.map((leg) => decodePolyline(leg.Polyline)).filter((l) => l.length > 1);
    return {
      origin,
      originIsHome: after.data.OriginIsHome,
      before: road(before.data),
      after: road(after.data),
      stops: after.data.Routes.map((leg) => ({
        point: [leg.EndLocation.Longitude, leg.EndLocation.Latitude] as Point,
        subject: leg.Subject,
      })),
    };
  }, [before.data, after.data]);

  if (!licensed) return null;
  const failed = before.isError || after.isError;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" id="optimise-map-legend" sx={{ mb: 0.5 }}>
        <Box component="span" sx={{ color: BEFORE, fontWeight: 700 }}>
          - - -
        </Box>{' '}
        {t('optimise.mapBefore')}{' '}
        <Box component="span" sx={{ color: AFTER, fontWeight: 700, ml: 2 }}>
          ———
        </Box>{' '}
        {t('optimise.mapAfter')}
        {lines && lines.origin.length > 0 && (
          <Box component="span" data-testid="planner-optimise-start" sx={{ ml: 2 }}>
            {t(lines.originIsHome ? 'optimise.startHome' : 'optimise.startOffice')}
          </Box>
        )}
      </Typography>
      {failed ? null : lines && before.data && after.data ? (
        <>
          <RoutesCanvas lines={lines} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
            <OptimiseLegs
              kind="before"
              title={t('optimise.legsNow')}
              plan={before.data}
              times={new Map(day.Appointments.map((a) => [a.Id, a.OldStartTime]))}
            />
            <OptimiseLegs
              kind="after"
              title={t('optimise.legsOptimised')}
              plan={after.data}
              times={new Map(day.Appointments.map((a) => [a.Id, a.StartTime]))}
            />
          </Box>
        </>
      ) : (
        <CircularProgress aria-label={t('map.loadingRoute')} />
      )}
    </Box>
  );
}

/** One route's legs: each stop with its time in that order, the leg's km and minutes; the total. */
function OptimiseLegs({
  kind,
  title,
  plan,
  times,
}: {
  kind: 'before' | 'after';
  title: string;
  plan: RoutePlan;
  times: Map<number, string>;
}) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const figures = (metres: number, seconds: number) => ({
    km: (metres / 1000).toLocaleString(lang, { maximumFractionDigits: 1 }),
    minutes: Math.round(seconds / 60),
  });
  const total = figures(
    plan.Routes.reduce((sum, l) => sum + l.DistanceMeters, 0),
    plan.Routes.reduce((sum, l) => sum + l.DurationSeconds, 0),
  );
  return (
    <Box sx={{ flex: '1 1 240px', minWidth: 0 }} data-testid={`planner-optimise-${kind}-legs`}>
      <Typography variant="subtitle2" component="h3" sx={{ fontSize: '0.875rem' }}>
        {title}
      </Typography>
      <Typography component="ol" aria-label={title} variant="body2" sx={{ m: 0, pl: 2.5 }}>
        {plan.Routes.map((leg) => (
          <li key={leg.AppointmentId}>
            {t('map.leg', {
              subject: leg.Subject,
              time: formatTime(times.get(leg.AppointmentId) ?? leg.StartTime),
              ...figures(leg.DistanceMeters, leg.DurationSeconds),
            })}
          </li>
        ))}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('map.legsTotal', total)}
        {plan.Routes.some((l) => l.Estimated) ? ` ${t('map.estimated')}` : ''}
      </Typography>
    </Box>
  );
}

interface Lines {
  origin: Point[];
  originIsHome: boolean;
  before: Point[][];
  after: Point[][];
  stops: { point: Point; subject: string }[];
}

function RoutesCanvas({ lines }: { lines: Lines }) {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  const styleUrl = info?.GlobalSettings.Maps.MapStyleUrl;
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    let live = true;
    let map: MapLibreMap | null = null;
    const markers: Marker[] = [];
    void (async () => {
      try {
        const libs = await loadMapLibs();
        if (!live || !container.current) return;
        const all = [
          ...lines.origin,
          ...lines.before.flat(),
          ...lines.after.flat(),
          ...lines.stops.map((s) => s.point),
        ];
        map = new libs.maplibre.Map({
          container: container.current,
          style: await mapStyle(libs.maplibre, styleUrl, 'Map'),
          center: all[0] ?? [10.75, 59.91],
          zoom: 10,
          attributionControl: false,
          dragRotate: false,
        });
        const m = map;
        m.on('error', () => undefined);
        const draw = () => {
          if (!live) return;
          const line = (legs: Point[][]) => ({
            type: 'Feature' as const,
            properties: {},
            geometry: { type: 'MultiLineString' as const, coordinates: legs },
          });
          m.addSource('optimise-before', { type: 'geojson', data: line(lines.before) });
          m.addSource('optimise-after', { type: 'geojson', data: line(lines.after) });
          m.addLayer({
            id: 'optimise-before',
            type: 'line',
            source: 'optimise-before',
            paint: { 'line-color': BEFORE, 'line-width': 3, 'line-dasharray': [2, 2] },
          });
          m.addLayer({
            id: 'optimise-after',
            type: 'line',
            source: 'optimise-after',
            paint: { 'line-color': AFTER, 'line-width': 4 },
          });
          const tt = tRef.current;
          for (const o of lines.origin)
            markers.push(
              new libs.maplibre.Marker({
                element: routeMarker(
                  'origin',
                  '',
                  tt(lines.originIsHome ? 'optimise.startHome' : 'optimise.startOffice'),
                ),
              })
                .setLngLat(o)
                .addTo(m),
            );
          lines.stops.forEach((s, i) => {
            const label = tt('optimise.mapStop', { n: i + 1, name: s.subject });
            markers.push(
              new libs.maplibre.Marker({ element: routeMarker('stop', String(i + 1), label) })
                .setLngLat(s.point)
                .addTo(m),
            );
          });
          if (all.length > 1) {
            const bounds = new libs.maplibre.LngLatBounds(all[0], all[0]);
            for (const p of all) bounds.extend(p);
            m.fitBounds(bounds, { padding: 40, duration: 0, maxZoom: 14 });
          }
          setReady(true);
        };
        // As the planner's map: once the style is in (the first full 'load' waits for every tile).
        if (m.isStyleLoaded()) draw();
        else m.once('style.load', draw);
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      for (const mk of markers) mk.remove();
      map?.remove();
    };
  }, [lines, styleUrl]);

  return (
    <Box sx={{ position: 'relative', height: 280 }}>
      <GlobalStyles styles={markerStyles} />
      <Box
        ref={container}
        data-testid="planner-optimise-map"
        data-ready={ready ? 'true' : 'false'}
        aria-describedby="optimise-map-legend"
        sx={{ height: '100%' }}
      />
      {failed && (
        <Alert severity="error" sx={{ position: 'absolute', inset: 8, height: 'fit-content' }}>
          {t('map.failed')}
        </Alert>
      )}
    </Box>
  );
}
