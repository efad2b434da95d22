import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import type { UserWeek } from '../api.ts';
import { gridLines, hoursText } from '../week.ts';

/** A user's week as a grid: a line per job (or internal article), a column per day, and the totals. */
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
            <TableCell>{t('grid.job')}</TableCell>
            {days.map((d, i) => (
              <TableCell key={d} align="right">
                {t(`days.${i}`)}
                <br />
                {formatDate(d).slice(0, 5)}
              </TableCell>
            ))}
            <TableCell align="right">{t('grid.total')}</TableCell>
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
              <TableCell>
                {l.kind === 'Job' ? l.title : t('grid.internal', { name: l.title })}
                <br />
                <small>{l.articleNumber}</small>
              </TableCell>
              {l.days.map((n, i) => (
                <TableCell key={days[i]} align="right">
                  {h(n)}
                </TableCell>
              ))}
              <TableCell align="right">{h(l.total)}</TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 700 } }} data-testid="grid-totals">
            <TableCell>{t('grid.dayTotals')}</TableCell>
            {week.DayTotals.map((n, i) => (
              <TableCell key={days[i]} align="right">
                {h(n)}
              </TableCell>
            ))}
            <TableCell align="right">{hoursText(week.TotalHours, i18n.language)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
