import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatDayMonth } from '../../../i18n/dates.ts';
import type { UserWeek } from '../api.ts';
import { gridLines, hoursText } from '../week.ts';

/** A day's (or the total's) column: narrow, its heading and hours on their own lines. */
const numbers = { whiteSpace: 'nowrap', px: 1 } as const;

/**
 * A user's week as a grid: a line per job (or internal article), a column per day, and the totals. The
 * job's column keeps 12 rem (a name wrapped a word a line beside seven narrow days); the days' headings
 * and hours do not wrap, and the day is the day and month only, in the language's own order.
 */
export function WeekGrid({ week, days }: { week: UserWeek; days: string[] }) {
  const { t, i18n } = useTranslation('timereport');
  const h = (n: number) => (n === 0 ? '' : hoursText(n, i18n.language));
  const lines = gridLines(week.Rows);
  return (
    // Scrolls sideways on narrow screens: a tab stop of its own, so the keyboard can scroll it too.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={t('grid.label', { name: week.UserName })}
      sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      <Table size="small" aria-label={t('grid.label', { name: week.UserName })}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: '12rem' }}>{t('grid.job')}</TableCell>
            {days.map((d, i) => (
              <TableCell key={d} align="right" sx={numbers} data-testid="grid-day">
                {t(`days.${i}`)}
                <br />
                {formatDayMonth(d)}
              </TableCell>
            ))}
            <TableCell align="right" sx={numbers}>
              {t('grid.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={9}>{t('grid.empty')}</TableCell>
            </TableRow>
          )}
          {lines.map((l) => (
            <TableRow key={l.key} data-testid="grid-line">
              <TableCell data-testid="grid-line-title">
                {l.kind === 'Job' ? l.title : t('grid.internal', { name: l.title })}
                <br />
                <small>{l.articleNumber}</small>
              </TableCell>
              {l.days.map((n, i) => (
                <TableCell key={days[i]} align="right" sx={numbers}>
                  {h(n)}
                </TableCell>
              ))}
              <TableCell align="right" sx={numbers}>
                {h(l.total)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 700 } }} data-testid="grid-totals">
            <TableCell>{t('grid.dayTotals')}</TableCell>
            {week.DayTotals.map((n, i) => (
              <TableCell key={days[i]} align="right" sx={numbers}>
                {h(n)}
              </TableCell>
            ))}
            <TableCell align="right" sx={numbers}>
              {hoursText(week.TotalHours, i18n.language)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
