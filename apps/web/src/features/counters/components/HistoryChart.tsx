import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { ReadingItem } from '../api/counters.ts';
import { chartPoints } from './history-chart.ts';

const W = 600;
const H = 160;

/** A counter's readings over time as a line (an SVG of its own: no chart library for one line). */
export function HistoryChart(props: { readings: readonly ReadingItem[]; label: string }) {
  const theme = useTheme();
  const points = chartPoints(props.readings, W, H);
  if (points.length === 0) return null;
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <Box sx={{ width: '100%', maxWidth: W, my: 1 }}>
      <svg viewBox={`-4 -4 ${W + 8} ${H + 8}`} role="img" aria-label={props.label} width="100%">
        <path d={path} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
        {points.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: points are the readings in time order
          <circle key={i} cx={p.x} cy={p.y} r={2.5} fill={theme.palette.primary.main} />
        ))}
      </svg>
    </Box>
  );
}
