import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../format.ts';
import { eventGeometry, type TimeAxis } from '../../rules/axis.ts';
import { ROW_HEIGHT } from '../../rules/rows.ts';

/** A proposed appointment as the timeline draws it: not saved, not movable. */
export interface TentativeEvent {
  key: string;
  userId: number;
  start: number;
  end: number;
  title: string;
}

/** A row's tentative events (a proposed plan), dashed over the row's own, until accepted or discarded. */
export function TentativeBoxes({
  axis,
  items,
}: {
  axis: TimeAxis;
  items: readonly TentativeEvent[] | undefined;
}) {
  const { t, i18n } = useTranslation('planner');
  if (!items?.length) return null;
  return items.map((item) => {
    const box = eventGeometry(axis, item.start, item.end);
    if (!box) return null;
    const when = `${formatClock(item.start, i18n.language)}–${formatClock(item.end, i18n.language)}`;
    return (
      <Box
        key={item.key}
        role="note"
        aria-label={t('suggest.tentativeLabel', { name: item.title, when })}
        data-testid="planner-tentative"
        sx={{
          position: 'absolute',
          top: 3,
          height: ROW_HEIGHT - 6,
          left: box.left,
          width: Math.max(2, box.width - 1),
          border: 2,
          borderStyle: 'dashed',
          borderColor: 'warning.dark',
          bgcolor: 'rgba(255, 193, 7, 0.18)',
          color: 'text.primary',
          borderRadius: 1,
          px: 0.5,
          fontSize: 12,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          zIndex: 3,
          pointerEvents: 'none',
        }}
      >
        {item.title} · {when}
      </Box>
    );
  });
}
