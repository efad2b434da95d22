import type { RoutePlan } from '@fieldport/contract';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/dates.ts';

/** A leg's length and driving time as the list shows them: km to one decimal, whole minutes. */
function legFigures(leg: { DistanceMeters: number; DurationSeconds: number }, lang: string) {
  return {
    km: (leg.DistanceMeters / 1000).toLocaleString(lang, { maximumFractionDigits: 1 }),
    minutes: Math.round(leg.DurationSeconds / 60),
  };
}

/**
 * The day route's legs beside the map (issue 30.4): each stop with the distance and driving time of
 * the leg to it, and the day's total; says when they are straight-line estimates.
 */
export function RouteLegs({ plan }: { plan: RoutePlan }) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const total = legFigures(
    plan.Routes.reduce(
      (sum, l) => ({
        DistanceMeters: sum.DistanceMeters + l.DistanceMeters,
        DurationSeconds: sum.DurationSeconds + l.DurationSeconds,
      }),
      { DistanceMeters: 0, DurationSeconds: 0 },
    ),
    lang,
  );
  return (
    <Paper
      data-testid="planner-map-legs"
      sx={{
        position: 'absolute',
        top: 12,
        right: 12,
        maxWidth: 300,
        maxHeight: '45%',
        overflow: 'auto',
        p: 1,
      }}
    >
      <Typography component="ol" aria-label={t('map.legs')} variant="body2" sx={{ m: 0, pl: 2.5 }}>
        {plan.Routes.map((leg) => (
          <li key={leg.AppointmentId}>
            {t('map.leg', {
              subject: leg.Subject,
              time: formatTime(leg.StartTime),
              ...legFigures(leg, lang),
            })}
          </li>
        ))}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
        {t('map.legsTotal', total)}
        {plan.Routes.some((l) => l.Estimated) ? ` ${t('map.estimated')}` : ''}
      </Typography>
    </Paper>
  );
}
