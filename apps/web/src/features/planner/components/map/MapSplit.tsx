import Box from '@mui/material/Box';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampSplit } from '../../rules/map-markers.ts';

interface Props {
  /** The scheduler's share of the width in percent (PlannerMapWidth, 20 to 80). */
  split: number;
  onSplit(percent: number): void;
  left: ReactNode;
  right: ReactNode;
}

const STEP = 2;

/**
 * The scheduler and the map side by side (000 §2: a 20–80 percent split), with a separator moved by
 * dragging or with the arrow keys (Home and End go to the limits). The split is kept when let go.
 */
export function MapSplit({ split, onSplit, left, right }: Props) {
  const { t } = useTranslation('planner');
  const box = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const value = clampSplit(dragging ?? split);

  const at = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? clampSplit(((clientX - rect.left) / rect.width) * 100) : value;
  };

  return (
    <Box ref={box} sx={{ display: 'flex', flex: 1, minHeight: 0, minWidth: 0 }}>
      <Box
        sx={{ width: `${value}%`, minWidth: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
      >
        {left}
      </Box>
      <Box
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label={t('map.separator')}
        aria-valuemin={20}
        aria-valuemax={80}
        aria-valuenow={value}
        data-testid="planner-map-separator"
        onKeyDown={(e) => {
          const next =
            e.key === 'ArrowLeft'
              ? value - STEP
              : e.key === 'ArrowRight'
                ? value + STEP
                : e.key === 'Home'
                  ? 20
                  : e.key === 'End'
                    ? 80
                    : null;
          if (next === null) return;
          e.preventDefault();
          onSplit(clampSplit(next));
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setDragging(at(e.clientX));
        }}
        onPointerMove={(e) => dragging !== null && setDragging(at(e.clientX))}
        onPointerUp={(e) => {
          if (dragging === null) return;
          onSplit(at(e.clientX));
          setDragging(null);
        }}
        onPointerCancel={() => setDragging(null)}
        sx={{
          width: 8,
          flex: 'none',
          cursor: 'col-resize',
          touchAction: 'none',
          bgcolor: dragging !== null ? 'primary.light' : 'divider',
          '&:hover': { bgcolor: 'primary.light' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -1 },
        }}
      />
      <Box sx={{ flex: 1, minWidth: 0, pl: 1, display: 'flex', flexDirection: 'column' }}>{right}</Box>
    </Box>
  );
}
