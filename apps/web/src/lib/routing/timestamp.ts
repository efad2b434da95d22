/**
 * The same address with a timestamp query (`t`), its other queries kept: how approving or deleting a
 * job refreshes the route it was done on (000 §4), so what shows is read anew and the address says so.
 */
export function withTimestamp(location: { pathname: string; search: string }, now = Date.now()): string {
  const search = new URLSearchParams(location.search);
  search.set('t', String(now));
  return `${location.pathname}?${search.toString()}`;
}
