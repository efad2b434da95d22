import Box from '@mui/material/Box';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { clampWidth, JOB_LIST_MAX_WIDTH, JOB_LIST_MIN_WIDTH } from '../../rules/plan-drop.ts';

/** Percent a key press moves the separator by. */
const STEP = 1;

/**
 * The separator between the job list and the timeline (000 §2: 10–45 percent): dragged with the
 * pointer, or focused and moved with the arrow keys (Home and End go to the limits).
 */
export function ResizeSeparator(props: {
  width: number;
  label: string;
  container: () => HTMLElement | null;
  onWidth(width: number): void;
}) {
  const { width, onWidth } = props;
  const dragging = useRef(false);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const next =
      e.key === 'ArrowLeft' || e.key === 'ArrowDown'
        ? width - STEP
        : e.key === 'ArrowRight' || e.key === 'ArrowUp'
          ? width + STEP
          : e.key === 'Home'
            ? JOB_LIST_MIN_WIDTH
            : e.key === 'End'
              ? JOB_LIST_MAX_WIDTH
              : null;
    if (next === null) return;
    e.preventDefault();
    onWidth(clampWidth(next));
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const box = props.container()?.getBoundingClientRect();
    if (!dragging.current || !box || box.width <= 0) return;
    onWidth(clampWidth(Math.round(((e.clientX - box.left) / box.width) * 100)));
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-label={props.label}
      aria-orientation="vertical"
      aria-valuemin={JOB_LIST_MIN_WIDTH}
      aria-valuemax={JOB_LIST_MAX_WIDTH}
      aria-valuenow={width}
      data-testid="planner-joblist-separator"
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        dragging.current = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        dragging.current = false;
      }}
      sx={{
        flex: 'none',
        width: 8,
        cursor: 'col-resize',
        bgcolor: 'divider',
        borderRadius: 1,
        mx: 0.5,
        '&:hover, &:focus-visible': { bgcolor: 'primary.main' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: 1 },
      }}
    />
  );
}
