import Box from '@mui/material/Box';
import type { IndicatorBox } from '../rules/drop-indicator.ts';
import { ROW_HEIGHT } from '../rules/rows.ts';

const SELECTOR = '[data-drop-indicator]';

/**
 * The one ghost box of the timeline's body that shows where a dragged job or event will land. It is
 * moved by `showDropIndicator` straight on the element, so a pointer move draws no row again.
 */
export function DropIndicator(props: { offset: number }) {
  return (
    <Box
      aria-hidden
      data-drop-indicator
      data-testid="planner-drop-indicator"
      sx={{
        display: 'none',
        position: 'absolute',
        top: 3,
        left: props.offset,
        height: ROW_HEIGHT - 7,
        boxSizing: 'border-box',
        border: '2px dashed',
        borderColor: 'primary.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        pointerEvents: 'none',
        zIndex: 3,
        willChange: 'transform',
      }}
    />
  );
}

/** Shows the indicator inside `within` (the timeline or any element of it) at a box, or hides it. */
export function showDropIndicator(within: Element | null | undefined, box: IndicatorBox | null): void {
  const el = (within?.closest('[role="grid"]') ?? within)?.querySelector<HTMLElement>(SELECTOR);
  if (!el) return;
  if (!box) {
    el.style.display = 'none';
    return;
  }
  el.style.display = 'block';
  el.style.transform = `translate(${box.left}px, ${box.top}px)`;
  el.style.width = `${Math.max(4, box.width)}px`;
}
