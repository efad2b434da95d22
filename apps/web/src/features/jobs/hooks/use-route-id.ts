import { useParams } from 'react-router';

/** A numeric id among the route's parameters; NaN when missing or not digits. */
export function useRouteId(name: string): number {
  const value = useParams()[name];
  return value && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}
