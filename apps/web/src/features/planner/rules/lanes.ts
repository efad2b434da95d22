/**
 * Overlapping events on one row share its height: each gets a lane (the first free one, by start) and
 * the number of lanes of its cluster of overlapping events.
 */
export function assignLanes<T extends { start: number; end: number }>(
  items: readonly T[],
): { item: T; lane: number; lanes: number }[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: { item: T; lane: number; lanes: number }[] = [];
  let cluster: { item: T; lane: number; lanes: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const close = () => {
    for (const c of cluster) c.lanes = laneEnds.length;
    out.push(...cluster);
    cluster = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    cluster.push({ item, lane, lanes: 0 });
    clusterEnd = Math.max(clusterEnd === Number.NEGATIVE_INFINITY ? item.end : clusterEnd, item.end);
  }
  close();
  return out;
}
