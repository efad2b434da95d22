import { eventGeometry, type TimeAxis } from '../rules/axis.ts';
import { offHours, ownHoursOf } from '../rules/own-hours.ts';
import type { Resource } from '../rules/rows.ts';
import { useCompanyHours } from './use-company-hours.ts';

/**
 * A user's row shaded outside their own working hours on each shown day (decision 100): before and after
 * them, the whole day when off; nothing for a user on the company's day. Day and week views.
 */
export function OffHours({ axis, resource }: { axis: TimeAxis; resource: Resource }) {
  const company = useCompanyHours();
  if (axis.scope === 'QMonth') return null;
  const own = ownHoursOf(resource);
  return axis.days
    .flatMap((d) => offHours(own, d.day, company))
    .map((o) => {
      const box = eventGeometry(axis, o.start, o.end);
      return (
        box && (
          <div
            key={`off:${o.start}`}
            aria-hidden
            className="fp-off-hours"
            data-testid="planner-off-hours"
            style={{ left: box.left, width: box.width }}
          />
        )
      );
    });
}
