import { weekStartOf } from '@fieldport/contract';
import { useSearchParams } from 'react-router';
import { useToday } from '../../lib/dates.ts';

/** The week shown, kept in the address (?week=YYYY-MM-DD, its Monday), this week by default. */
export function useWeekParam() {
  const [params, setParams] = useSearchParams();
  const thisWeek = weekStartOf(useToday());
  const raw = params.get('week');
  const weekStart = raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? weekStartOf(raw) : thisWeek;
  const setWeek = (week: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('week', week);
        return next;
      },
      { replace: true },
    );
  return { weekStart, thisWeek, setWeek };
}
