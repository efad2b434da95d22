import { canPlan } from '@fieldport/contract';

/**
 * The preview pane's panels (000 §2) and which are open, remembered per route name in the
 * JobPreviewPaneMode preference (decision 033): `{ [routeName]: PreviewPanel[] }`, the panels open on
 * that route's preview. A route with no entry shows them all open.
 */
export const PREVIEW_PANELS = [
  'customer',
  'deliveryAddress',
  'contact',
  'parent',
  'machineJobs',
  'appointments',
] as const;
export type PreviewPanel = (typeof PREVIEW_PANELS)[number];

export type PreviewPaneMode = Record<string, PreviewPanel[]>;

const isPanel = (v: unknown): v is PreviewPanel => PREVIEW_PANELS.includes(v as PreviewPanel);

/** The panels open on a route's preview, from the stored value (a malformed one counts as none stored). */
export function openPanels(stored: unknown, routeName: string): PreviewPanel[] {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return [...PREVIEW_PANELS];
  const entry = (stored as Record<string, unknown>)[routeName];
  if (!Array.isArray(entry)) return [...PREVIEW_PANELS];
  return PREVIEW_PANELS.filter((p) => entry.includes(p));
}

/** The stored value with one panel of one route opened or closed; other routes' entries are kept. */
export function togglePanel(stored: unknown, routeName: string, panel: PreviewPanel): PreviewPaneMode {
  const base: PreviewPaneMode = {};
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [route, panels] of Object.entries(stored as Record<string, unknown>))
      if (Array.isArray(panels)) base[route] = panels.filter(isPanel);
  }
  const open = openPanels(stored, routeName);
  base[routeName] = open.includes(panel) ? open.filter((p) => p !== panel) : [...open, panel];
  return base;
}

/**
 * Whether the preview offers a new appointment for a job: not when its status is 70 (approved) or
 * higher (000 §2: 'New appointments cannot be created from the preview when status is 70 or higher').
 */
export const previewOffersNewAppointment = (job: { JobStatusId: number }): boolean =>
  canPlan(job.JobStatusId);
