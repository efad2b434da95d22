import type { RoutePlan } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { TFunction } from 'i18next';
import type { IControl, Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/dates.ts';
import type { PlannerMapOptions } from '../../../../lib/preferences.ts';
import type { MapMarker, MapPlace, PlaceClusters } from '../../rules/map-clusters.ts';
import { nearbyCircle } from '../../rules/map-markers.ts';
import { decodePolyline } from '../../rules/polyline.ts';
import { mapStyle } from './base-style.ts';
import type { NearbyCircle } from './map-api.ts';
import { loadMapLibs, type MapLibs } from './map-libs.ts';
import { markerStyles, renderMarker, routeMarker } from './marker-elements.ts';

/** 000 §9: zoom 12 at the main office, else in the Nordic region. */
const NORDIC: [number, number] = [10.75, 59.91];
const DEFAULT_ZOOM = 12;
/** 000 §9: the map's idle debounce. */
const IDLE_DEBOUNCE_MS = 50;
/** A cluster click's zoom into it, animated (MapLibre skips it under prefers-reduced-motion). */
const CLUSTER_EASE_MS = 600;
/** Zoom levels a click on a server's cell goes in: a quarter of the view, where its jobs are listed. */
const CELL_ZOOM_STEP = 2;

interface Props {
  /** The style URL of the shown map type (MAP_STYLE_URL or MAP_SATELLITE_STYLE_URL); none: built in. */
  styleUrl: string | null | undefined;
  options: PlannerMapOptions;
  office: [number, number] | null;
  places: readonly MapPlace[];
  route: RoutePlan | undefined;
  selected: number | null;
  onSelect(place: number | null): void;
  /** The visible area changed (after the idle debounce): the circle to ask nearby jobs for. */
  onView(circle: NearbyCircle): void;
}

/**
 * The MapLibre map (decision 038): the base style, the controls of the map options, the clustered job
 * markers of the visible area (HTML buttons, so they are reachable with Tab), the main office and the
 * day route with its origin flag and numbered stops. The libraries load when it first shows.
 */
export function MapCanvas(props: Props) {
  const { t } = useTranslation('planner');
  const container = useRef<HTMLDivElement>(null);
  const [libs, setLibs] = useState<MapLibs | null>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest props for the map's own event handlers.
  const latest = useRef(props);
  latest.current = props;
  /** The base style is set: from then on each idle reports the view (the jobs of the area). */
  const baseDrawn = useRef(false);

  useEffect(() => {
    let live = true;
    loadMapLibs().then(
      (l) => live && setLibs(l),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  // The map itself, made once the libraries are here; its style follows the map type.
  useEffect(() => {
    if (!libs || !container.current) return;
    let created: MapLibreMap | null = null;
    let live = true;
    const { office } = latest.current;
    try {
      created = new libs.maplibre.Map({
        container: container.current,
        style: { version: 8, sources: {}, layers: [] },
        center: office ?? NORDIC,
        zoom: DEFAULT_ZOOM,
        attributionControl: false,
        dragRotate: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    const m = created;
    let timer: ReturnType<typeof setTimeout> | undefined;
    m.on('idle', () => {
      // Not before the base map has been drawn: the first idle is the empty style's, and jobs read then
      // would arrive while the base map's first frames hold the main thread, their markers waiting.
      if (!baseDrawn.current) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const b = m.getBounds();
        latest.current.onView(
          nearbyCircle({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
        );
      }, IDLE_DEBOUNCE_MS);
    });
    m.on('error', () => undefined);
    if (live) setMap(m);
    return () => {
      live = false;
      clearTimeout(timer);
      setMap(null);
      m.remove();
    };
  }, [libs]);

  const mapType = props.options.mapType;
  const [styleReady, setStyleReady] = useState(0);
  useEffect(() => {
    if (!map || !libs) return;
    let live = true;
    mapStyle(libs.maplibre, props.styleUrl, mapType).then(
      (style) => {
        if (!live) return;
        map.setStyle(style);
        // The next idle comes once this style's first frame is drawn.
        baseDrawn.current = true;
        map.once('style.load', () => live && setStyleReady((n) => n + 1));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [map, libs, props.styleUrl, mapType]);

  useMapControls(map, libs, props.options);
  useMarkers(map, libs, props.places, props.selected, props.onSelect, t);
  useOffice(map, libs, props.office, t('map.office'));
  useRoute(map, libs, styleReady, props.route, t);

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <GlobalStyles styles={markerStyles} />
      {/* MapLibre's stylesheet makes its container position: relative; the column gives it its height. */}
      <Box ref={container} data-testid="planner-map" sx={{ flex: 1, minHeight: 0 }} />
      {failed ? (
        <Alert severity="error" sx={{ position: 'absolute', inset: 8, height: 'fit-content' }}>
          {t('map.failed')}
        </Alert>
      ) : (
        !map && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label={t('map.loading')} />
          </Box>
        )
      )}
    </Box>
  );
}

/** The controls the map options ask for: navigator (compass), zoom, scale, fullscreen; rotation. */
function useMapControls(map: MapLibreMap | null, libs: MapLibs | null, options: PlannerMapOptions) {
  useEffect(() => {
    if (!map || !libs) return;
    const controls: IControl[] = [];
    const { maplibre } = libs;
    if (options.navigator || options.zoom) {
      controls.push(
        new maplibre.NavigationControl({
          showCompass: options.navigator,
          showZoom: options.zoom,
          visualizePitch: false,
        }),
      );
    }
    if (options.scale) controls.push(new maplibre.ScaleControl({ unit: 'metric' }));
    if (options.fullscreen) controls.push(new maplibre.FullscreenControl({}));
    for (const c of controls)
      map.addControl(c, c instanceof maplibre.ScaleControl ? 'bottom-left' : 'top-right');
    if (options.rotate) {
      map.dragRotate.enable();
      map.touchZoomRotate.enableRotation();
      map.keyboard.enableRotation();
    } else {
      map.dragRotate.disable();
      map.touchZoomRotate.disableRotation();
      map.keyboard.disableRotation();
      map.setBearing(0);
    }
    return () => {
      for (const c of controls) map.removeControl(c);
    };
  }, [map, libs, options.navigator, options.zoom, options.scale, options.fullscreen, options.rotate]);
}

type T = TFunction<'planner'>;

/**
 * The job markers of the visible area: the places clustered for the zoom, drawn again when the view
 * moves. A marker kept from the last drawing is reused; a cluster click (or Enter on it) zooms, centred
 * on it, to the level where it splits, a place click selects it (enlarged, its jobs listed beside).
 */
function useMarkers(
  map: MapLibreMap | null,
  libs: MapLibs | null,
  places: readonly MapPlace[],
  selected: number | null,
  onSelect: (place: number | null) => void,
  t: T,
) {
  const clusters = useMemo<PlaceClusters | null>(
    () => (libs ? new libs.PlaceClusters(places) : null),
    [libs, places],
  );
  const shown = useRef(new Map<string, { marker: Marker; el: HTMLButtonElement; data: MapMarker }>());
  /** Where the focused marker was when it went: the next drawing focuses the marker nearest it. */
  const focusAt = useRef<[number, number] | null>(null);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const tRef = useRef(t);
  tRef.current = t;
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;

  useEffect(() => {
    if (!map || !libs || !clusters) return;
    const current = shown.current;
    const draw = () => {
      const b = map.getBounds();
      const markers = clusters.markers([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom());

      const keep = new Set<string>();
      for (const data of markers) {
        keep.add(data.key);
        const old = current.get(data.key);
        if (old && old.data.jobs === data.jobs && old.data.color === data.color) continue;
        if (old) {
          if (old.el === document.activeElement) focusAt.current = old.data.lngLat;
          old.marker.remove();
        }
        const el = renderMarker(data, clusters.places, tRef.current);
        el.addEventListener('click', (e) => {
          e.stopPropagation();
          if (data.clusterId !== null) {
            map.easeTo({
              center: data.lngLat,
              zoom: clusters.expansionZoom(data.clusterId, data.zoom),
              duration: CLUSTER_EASE_MS,
            });
          } else if (data.cell) {
            // A cell of the server's clustered answer: nearer, its jobs are listed.
            map.easeTo({ center: data.lngLat, zoom: data.zoom + CELL_ZOOM_STEP, duration: CLUSTER_EASE_MS });
          } else {
            selectRef.current(data.place === selectedRef.current ? null : data.place);
          }
        });
        el.classList.toggle('selected', data.place !== null && data.place === selectedRef.current);
        const marker = new libs.maplibre.Marker({ element: el }).setLngLat(data.lngLat).addTo(map);
        current.set(data.key, { marker, el, data });
      }
      for (const [key, entry] of current) {
        if (!keep.has(key)) {
          if (entry.el === document.activeElement) focusAt.current = entry.data.lngLat;
          entry.marker.remove();
          current.delete(key);
        }
      }
      // The focused marker went (a cluster zoomed into, new data): the focus goes to the marker nearest
      // it rather than being lost to the page, so Enter on a cluster keeps the keyboard on the map.
      // Only while the focus is nowhere: a user who has moved on keeps where they are.
      const lost = !document.activeElement || document.activeElement === document.body;
      if (focusAt.current && (!lost || current.size > 0)) {
        if (lost) nearest(current.values(), focusAt.current)?.el.focus();
        focusAt.current = null;
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      for (const entry of current.values()) {
        if (entry.el === document.activeElement) focusAt.current = entry.data.lngLat;
        entry.marker.remove();
      }
      current.clear();
    };
  }, [map, libs, clusters]);

  useEffect(() => {
    for (const entry of shown.current.values()) {
      entry.el.classList.toggle('selected', entry.data.place !== null && entry.data.place === selected);
    }
  }, [selected]);
}

/** The shown marker closest to a point (degrees are fine for the few markers of one view). */
function nearest<E extends { data: MapMarker }>(entries: Iterable<E>, [lng, lat]: [number, number]) {
  let best: E | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const entry of entries) {
    const d = (entry.data.lngLat[0] - lng) ** 2 + (entry.data.lngLat[1] - lat) ** 2;
    if (d < distance) {
      distance = d;
      best = entry;
    }
  }
  return best;
}

/** The main office marker, when configured. */
function useOffice(
  map: MapLibreMap | null,
  libs: MapLibs | null,
  office: [number, number] | null,
  label: string,
) {
  useEffect(() => {
    if (!map || !libs || !office) return;
    const el = routeMarker('office', '', label);
    const marker = new libs.maplibre.Marker({ element: el }).setLngLat(office).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, libs, office, label]);
}

/** The day route: its legs as one line, the origin flag and the numbered stops; the map fits it. */
function useRoute(
  map: MapLibreMap | null,
  libs: MapLibs | null,
  styleReady: number,
  route: RoutePlan | undefined,
  t: T,
) {
  // The line lives in the style: drawn again after a style change (styleReady).
  useEffect(() => {
    if (!map || !libs || !route || styleReady === 0) return;
    const lines = route.Routes.map((leg) => decodePolyline(leg.Polyline)).filter((l) => l.length > 1);
    map.addSource('route', {
      type: 'geojson',
      data: { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } },
    });
    map.addLayer({
      id: 'route',
      type: 'line',
      source: 'route',
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': '#1565c0', 'line-width': 4, 'line-opacity': 0.85 },
    });
    return () => {
      if (!map.style) return;
      if (map.getLayer('route')) map.removeLayer('route');
      if (map.getSource('route')) map.removeSource('route');
    };
  }, [map, libs, route, styleReady]);

  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (!map || !libs || !route) return;
    const markers: Marker[] = [];
    const points: [number, number][] = [];
    if (route.Origin) {
      const origin: [number, number] = [route.Origin.Longitude, route.Origin.Latitude];
      points.push(origin);
      markers.push(
        new libs.maplibre.Marker({
          element: routeMarker('origin', '', tRef.current('map.origin')),
          anchor: 'bottom-left',
        })
          .setLngLat(origin)
          .addTo(map),
      );
    }
    route.Routes.forEach((leg, i) => {
      const at: [number, number] = [leg.EndLocation.Longitude, leg.EndLocation.Latitude];
      points.push(at);
      const label = tRef.current('map.stop', {
        n: i + 1,
        subject: leg.Subject,
        time: formatTime(leg.StartTime),
      });
      markers.push(
        new libs.maplibre.Marker({ element: routeMarker('stop', String(i + 1), label) })
          .setLngLat(at)
          .addTo(map),
      );
    });
    if (points.length > 0) {
      const bounds = new libs.maplibre.LngLatBounds(points[0], points[0]);
      for (const p of points) bounds.extend(p);
      map.fitBounds(bounds, { padding: 60, maxZoom: 13, duration: 0 });
    }
    return () => {
      for (const m of markers) m.remove();
    };
  }, [map, libs, route]);
}
