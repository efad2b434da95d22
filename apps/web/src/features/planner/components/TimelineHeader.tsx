import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDayNumber, formatLongDay, formatMonth, formatShortDay } from '../format.ts';
import type { TimeAxis } from '../rules/axis.ts';
import { HOUR, isoWeek, startOfDay } from '../rules/wall-clock.ts';

const HEADER_ROW = 28;
export const HEADER_HEIGHT = 2 * HEADER_ROW;

interface Props {
  axis: TimeAxis;
  nameWidth: number;
  today: number;
  onDay(day: number): void;
}

const cell = {
  position: 'absolute',
  top: 0,
  height: HEADER_ROW,
  borderLeft: 1,
  borderColor: 'divider',
  px: 0.5,
  fontSize: 12,
  display: 'flex',
  alignItems: 'center',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
} as const;

/**
 * The timeline's two header rows (000 §2): day view the day over its hours; week view the week numbers
 * over the days; month view the month over the days. A day header goes to that day's day view (today's
 * too), today's is highlighted.
 */
export function TimelineHeader({ axis, nameWidth, today, onDay }: Props) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const first = axis.days[0];
  const top: { key: string; x: number; width: number; text: string }[] = [];
  if (axis.scope === 'QDay' && first) {
    top.push({ key: 'day', x: 0, width: axis.width, text: formatLongDay(first.day, lang) });
  } else {
    for (const d of axis.days) {
      const text =
        axis.scope === 'QWeek' ? t('timeline.week', { week: isoWeek(d.day) }) : formatMonth(d.day, lang);
      const last = top.at(-1);
      if (last?.text === text) last.width += d.width;
      else top.push({ key: `t${d.day}`, x: d.x, width: d.width, text });
    }
  }
  return (
    <Box
      role="row"
      aria-rowindex={1}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 6,
        height: HEADER_HEIGHT,
        width: nameWidth + axis.width,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        display: 'flex',
      }}
    >
      <Box
        role="columnheader"
        sx={{
          position: 'sticky',
          left: 0,
          zIndex: 7,
          width: nameWidth,
          flex: 'none',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'flex-end',
          p: 0.5,
          fontWeight: 600,
          fontSize: 13,
        }}
      >
        {t('timeline.users')}
      </Box>
      <Box role="columnheader" sx={{ position: 'relative', width: axis.width, flex: 'none' }}>
        {top.map((c) => (
          <Box key={c.key} sx={{ ...cell, left: c.x, width: c.width, fontWeight: 600 }}>
            {c.text}
          </Box>
        ))}
        {axis.scope === 'QDay'
          ? first &&
            Array.from({ length: Math.round((first.end - first.start) / HOUR) }, (_, i) => {
              const at = first.start + i * HOUR;
              return (
                <Box
                  key={at}
                  sx={{ ...cell, top: HEADER_ROW, left: i * HOUR * axis.scale, width: HOUR * axis.scale }}
                >
                  {formatClock(at, lang)}
                </Box>
              );
            })
          : axis.days.map((d) => {
              const isToday = d.day === startOfDay(today);
              const shown =
                axis.scope === 'QWeek' ? formatShortDay(d.day, lang) : formatDayNumber(d.day, lang);
              return (
                <ButtonBase
                  key={d.day}
                  onClick={() => onDay(d.day)}
                  // The name starts with what the button shows (WCAG 2.5.3); the whole date is its description.
                  aria-label={t('timeline.goToDay', { day: shown })}
                  title={formatLongDay(d.day, lang)}
                  aria-current={isToday ? 'date' : undefined}
                  sx={{
                    ...cell,
                    top: HEADER_ROW,
                    left: d.x,
                    width: d.width,
                    justifyContent: 'flex-start',
                    bgcolor: isToday ? 'primary.main' : undefined,
                    color: isToday ? 'primary.contrastText' : undefined,
                    fontWeight: isToday ? 700 : 400,
                    '&:hover': { textDecoration: 'underline' },
                    '&.Mui-focusVisible': {
                      outline: '2px solid',
                      outlineColor: 'primary.dark',
                      outlineOffset: -2,
                    },
                  }}
                >
                  {shown}
                </ButtonBase>
              );
            })}
      </Box>
    </Box>
  );
}
