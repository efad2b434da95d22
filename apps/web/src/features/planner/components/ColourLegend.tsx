import type { SchedulerEvent } from '@fieldport/contract';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../lib/preferences.ts';
import { usePriorityNames } from '../api.ts';
import { COLOUR_BYS, colourByKey, colourKey, coloursOf } from '../rules/event-colours.ts';

/**
 * The legend of the appointments' colours when they are coloured by a value of their job (a planner
 * setting): each value shown in the range, its colour and its name.
 */
export function ColourLegend({ events }: { events: readonly SchedulerEvent[] | undefined }) {
  const { t } = useTranslation('planner');
  const [preference] = usePreference('PlannerColourBy');
  const by = COLOUR_BYS.includes(preference) ? preference : 'timing';
  const priorities = usePriorityNames(by === 'priority');
  const entries = useMemo(() => {
    const names = new Map<number, string>();
    for (const e of events ?? []) {
      if (e.isAbsence) continue;
      const key = colourKey(e, by);
      if (key === null || names.has(key)) continue;
      const name =
        by === 'status'
          ? e.jobStatusName
          : by === 'jobType'
            ? e.jobTypeName
            : (priorities.data?.get(key) ?? null);
      names.set(key, name ?? String(key));
    }
    return [...names].sort((a, b) => a[0] - b[0]);
  }, [events, by, priorities.data]);
  if (by === 'timing' || entries.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('board.legendLabel', { by: t(`settings.${colourByKey(by)}`) })}
      data-testid="planner-colour-legend"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        listStyle: 'none',
        m: 0,
        mb: 0.5,
        p: 0,
        fontSize: 13,
      }}
    >
      {entries.map(([key, name]) => {
        const c = coloursOf(key, by);
        return (
          <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                borderRadius: 0.5,
                bgcolor: c.background,
                boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.3)',
              }}
            />
            {name}
          </Box>
        );
      })}
    </Box>
  );
}
