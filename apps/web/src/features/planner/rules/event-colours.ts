/** What the planner colours its appointments by (a planner setting). */
export const COLOUR_BYS = ['timing', 'status', 'priority', 'jobType'] as const;
export type ColourBy = (typeof COLOUR_BYS)[number];

/** The translation key (planner `settings.*`) naming a colouring. */
export const colourByKey = (by: ColourBy) =>
  (
    ({
      timing: 'colourTiming',
      status: 'colourStatus',
      priority: 'colourPriority',
      jobType: 'colourJobType',
    }) as const
  )[by];

/**
 * Light backgrounds, each distinct from the next, all with dark text at WCAG AA (4.5 : 1) or better
 * (event-colours.test.ts checks every one with the text textOn chooses).
 */
export const PALETTE = [
  '#bbdefb', // blue
  '#c8e6c9', // green
  '#ffe0b2', // orange
  '#e1bee7', // purple
  '#b2ebf2', // cyan
  '#ffcdd2', // red
  '#f0f4c3', // lime
  '#d7ccc8', // brown
  '#f8bbd0', // pink
  '#cfd8dc', // blue grey
] as const;

/** The relative luminance of a #rrggbb colour (WCAG 2.x). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const DARK = '#1a1a1a';
const LIGHT = '#ffffff';

/** The text colour on a background: dark or white, whichever contrasts more. */
export const textOn = (background: string): string =>
  contrastRatio(DARK, background) >= contrastRatio(LIGHT, background) ? DARK : LIGHT;

/** The value an event is coloured by (null: no colour of its own, the timing colours). */
export function colourKey(
  event: { jobStatusId: number | null; jobTypeId: number | null; jobPriorityId?: number | null | undefined },
  by: ColourBy,
): number | null {
  if (by === 'status') return event.jobStatusId;
  if (by === 'priority') return event.jobPriorityId ?? null;
  if (by === 'jobType') return event.jobTypeId;
  return null;
}

/**
 * A value's colours: statuses by their tens (10 new, 20 planned, 30 in progress … each its own), other
 * ids by their remainder; the same value the same colour on every row and day.
 */
export function coloursOf(key: number, by: ColourBy): { background: string; color: string } {
  const slot = by === 'status' ? Math.floor(key / 10) : key;
  const background = PALETTE[((slot % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
  return { background, color: textOn(background) };
}
