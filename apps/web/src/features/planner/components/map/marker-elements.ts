import type { TFunction } from 'i18next';
import type { MapMarker, MapPlace } from '../../rules/map-clusters.ts';

type T = TFunction<'planner'>;

/**
 * The markers' look (000 §2): a round button in the status colour with the job count, enlarged on
 * hover, keyboard focus or selection; the office, the route's origin flag and its numbered stops.
 */
export const markerStyles = {
  '.fp-marker': {
    width: 28,
    height: 28,
    padding: 0,
    borderRadius: '50%',
    border: '2px solid #fff',
    boxShadow: '0 1px 3px rgba(0,0,0,.45)',
    color: '#fff',
    font: '700 12px/24px Roboto, Arial, sans-serif',
    textAlign: 'center',
    cursor: 'pointer',
    textShadow: '0 0 2px rgba(0,0,0,.8)',
    transition: 'transform 120ms ease-out',
  },
  '.fp-marker.single': { width: 20, height: 20 },
  '.fp-marker:hover, .fp-marker:focus-visible, .fp-marker.selected': { transform: 'scale(1.35)', zIndex: 2 },
  '.fp-marker:focus-visible': { outline: '3px solid #0d47a1', outlineOffset: 2 },
  '.fp-marker.selected': { border: '3px solid #0d47a1' },
  '.fp-route': {
    display: 'grid',
    placeItems: 'center',
    font: '700 12px Roboto, Arial, sans-serif',
    color: '#fff',
    pointerEvents: 'auto',
  },
  '.fp-route.stop': {
    width: 24,
    height: 24,
    borderRadius: '50%',
    background: '#1565c0',
    border: '2px solid #fff',
    boxShadow: '0 1px 3px rgba(0,0,0,.45)',
    zIndex: 3,
  },
  '.fp-route.origin': { width: 24, height: 28, fontSize: 22, lineHeight: 1, color: '#2e7d32' },
  '.fp-route.office': {
    width: 22,
    height: 22,
    borderRadius: 4,
    background: '#37474f',
    border: '2px solid #fff',
    fontSize: 13,
  },
} as const;

/** A job marker: a button named after what it stands for. */
export function renderMarker(data: MapMarker, places: readonly MapPlace[], t: T): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = data.label ? 'fp-marker' : 'fp-marker single';
  el.style.background = data.color;
  el.textContent = data.label;
  const cluster = data.clusterId !== null || data.cell;
  el.dataset.testid = cluster ? 'map-cluster' : 'map-place';
  const place = data.place !== null ? places[data.place] : undefined;
  const first = place?.Jobs[0] as { DisplayName?: string; Address?: string } | undefined;
  const label = cluster
    ? t('map.cluster', { count: data.jobs })
    : data.jobs > 1
      ? t('map.placeMany', { count: data.jobs, address: first?.Address ?? '' })
      : t('map.place', { name: first?.DisplayName ?? '', address: first?.Address ?? '' });
  // The name starts with the visible count (WCAG 2.5.3, label in name).
  el.setAttribute('aria-label', data.label ? `${data.label}: ${label}` : label);
  el.title = label;
  return el;
}

/** The office (a building), the route's origin (a flag) or a numbered stop. */
export function routeMarker(kind: 'office' | 'origin' | 'stop', text: string, label: string): HTMLElement {
  const el = document.createElement('div');
  el.className = `fp-route ${kind}`;
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label);
  el.title = label;
  el.dataset.testid = `map-${kind}`;
  el.textContent = kind === 'origin' ? '⚑' : kind === 'office' ? '⌂' : text;
  return el;
}
