/** The points of a counter's history chart: time on x, value on y, in a box of `width` by `height`. */
export function chartPoints(
  readings: readonly { ReadingDate: string; Value: number }[],
  width: number,
  height: number,
): { x: number; y: number }[] {
  const sorted = [...readings].sort((a, b) => a.ReadingDate.localeCompare(b.ReadingDate));
  if (sorted.length === 0) return [];
  const times = sorted.map((r) => Date.parse(`${r.ReadingDate}Z`));
  const t0 = times[0]!;
  const span = Math.max(1, times.at(-1)! - t0);
  const values = sorted.map((r) => r.Value);
  const lo = Math.min(...values);
  const range = Math.max(1, Math.max(...values) - lo);
  return sorted.map((r, i) => ({
    x: sorted.length === 1 ? width / 2 : ((times[i]! - t0) / span) * width,
    y: height - ((r.Value - lo) / range) * height,
  }));
}
