import { BarChart } from '@mui/x-charts/BarChart';
import type { StatusCount } from './api.ts';

/**
 * The jobs by status as bars in the statuses' colours (@mui/x-charts), loaded after the first paint; each
 * bar named under it and its count on it.
 */
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
      height={290}
      xAxis={[
        {
          scaleType: 'band',
          data: names,
          colorMap: { type: 'ordinal', values: names, colors: statuses.map((s) => s.Color) },
          // Every bar named, slanted so long names fit (the library would leave out those that overlap).
          tickLabelInterval: () => true,
          tickLabelStyle: { angle: -35, textAnchor: 'end', fontSize: 12 },
          height: 110,
        },
      ]}
      series={[{ data: statuses.map((s) => s.Count), label, barLabel: 'value' }]}
      hideLegend
    />
  );
}
