import { useParams } from 'react-router';

/** The :customerId of the route as a number (NaN when it is not an id). */
export function useCustomerId(): number {
  const { customerId } = useParams();
  return customerId && /^\d{1,10}$/.test(customerId) ? Number(customerId) : Number.NaN;
}
