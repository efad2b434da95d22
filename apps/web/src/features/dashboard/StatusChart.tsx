import { BarChart } from '@mui/x-charts/BarChart';
import type { StatusCount } from './api.ts';

/** The jobs by status as bars in the statuses' colours (@mui/x-charts), loaded after the first paint. */
export default function StatusChart({
  statuses,
  label,
}: {
  statuses: readonly StatusCount[];
  label: string;
}) {
  const names = statuses.map((s) => s.Name);
  return (
    <BarChart
      height={260}
      xAxis={[
        {
          scaleType: 'band',
          data: names,
          colorMap: { type: 'ordinal', values: names, colors: statuses.map((s) => s.Color) },
        },
      ]}
      series={[{ data: statuses.map((s) => s.Count), label }]}
      hideLegend
    />
  );
}
