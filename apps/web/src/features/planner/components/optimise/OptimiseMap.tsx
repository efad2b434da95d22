import type { OptimisedDay } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session.tsx';
import { mapStyle } from '../map/base-style.ts';
import { useRoutePlan } from '../map/map-api.ts';
import { loadMapLibs } from '../map/map-libs.ts';
import { markerStyles, routeMarker } from '../map/marker-elements.ts';

type Point = [number, number];

/** The two lines' colours: the day as it is (grey, dashed) and as optimised (blue, solid). */
const BEFORE = '#616161';
const AFTER = '#1565c0';

/**
 * The optimised day's two routes on a map (issue 30): the stops (each appointment's job place, from
 * maps/RoutePlan) in the old order as a grey dashed line and in the new order as a blue line with
 * numbered stops, fitted to the day. Loaded lazily with MapLibre; without the Maps licence: no map.
 */
export default function OptimiseMap({ day }: { day: OptimisedDay }) {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  const licensed = info?.Licences.Maps === true;
  const plan = useRoutePlan(licensed ? { userId: day.UserId, date: day.Date } : null);
  const lines = useMemo(() => {
    if (!plan.data) return null;
    const at = new Map<number, Point>(
      plan.data.Routes.map((r) => [r.AppointmentId, [r.EndLocation.Longitude, r.EndLocation.Latitude]]),
    );
    const origin: Point[] = plan.data.Origin ? [[plan.data.Origin.Longitude, plan.data.Origin.Latitude]] : [];
    const before = [...day.Appointments].sort((a, b) => a.OldStartTime.localeCompare(b.OldStartTime));
    const points = (list: typeof day.Appointments) =>
      list.flatMap((a) => {
        const p = at.get(a.Id);
        return p ? [{ point: p, subject: a.Subject }] : [];
      });
    return { origin, before: points(before), after: points(day.Appointments) };
  }, [plan.data, day]);

  if (!licensed) return null;
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
      </Typography>
      {plan.isError ? null : lines ? (
        <RoutesCanvas lines={lines} />
      ) : (
        <CircularProgress aria-label={t('map.loadingRoute')} />
      )}
    </Box>
  );
}

interface Lines {
  origin: Point[];
  before: { point: Point; subject: string }[];
  after: { point: Point; subject: string }[];
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
          ...lines.before.map((s) => s.point),
          ...lines.after.map((s) => s.point),
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
          const line = (points: Point[]) => ({
            type: 'Feature' as const,
            properties: {},
            geometry: { type: 'LineString' as const, coordinates: points },
          });
          m.addSource('optimise-before', {
            type: 'geojson',
            data: line([...lines.origin, ...lines.before.map((s) => s.point), ...lines.origin]),
          });
          m.addSource('optimise-after', {
            type: 'geojson',
            data: line([...lines.origin, ...lines.after.map((s) => s.point), ...lines.origin]),
          });
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
              new libs.maplibre.Marker({ element: routeMarker('origin', '', tt('map.origin')) })
                .setLngLat(o)
                .addTo(m),
            );
          lines.after.forEach((s, i) => {
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
