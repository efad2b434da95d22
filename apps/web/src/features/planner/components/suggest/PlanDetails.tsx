import type { ProposedPlan } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatShortDay } from '../../format.ts';
import { parseWallClock } from '../../rules/wall-clock.ts';

/**
 * Why each job of a proposed plan goes where it goes, and why the others were left out (issue 30): the
 * server's reasons, already in the caller's language, in a list that scrolls by keyboard too. Shown at
 * first; the toggle hides it.
 */
export function PlanDetails({ plan, week }: { plan: ProposedPlan; week: boolean }) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const [open, setOpen] = useState(true);
  const id = useId();
  const placed = [...plan.Appointments].sort(
    (a, b) => a.StartTime.localeCompare(b.StartTime) || a.UserName.localeCompare(b.UserName),
  );
  const when = (start: string, end: string) => {
    const s = parseWallClock(start);
    const range = `${formatClock(s, lang)}–${formatClock(parseWallClock(end), lang)}`;
    return week ? `${formatShortDay(s, lang)} ${range}` : range;
  };
  return (
    <Box sx={{ mb: 1 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid="planner-proposal-toggle"
      >
        {open ? t('suggest.hideReasons') : t('suggest.showReasons')}
      </Button>
      {open && (
        <Box
          id={id}
          role="region"
          aria-label={t('suggest.reasonsLabel')}
          // A scrolling region is reached by keyboard to scroll it (axe: scrollable-region-focusable).
          tabIndex={0}
          data-testid="planner-proposal-details"
          sx={{
            maxHeight: 220,
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 1,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          {placed.length > 0 && (
            <Typography variant="subtitle2" component="h3">
              {t('suggest.placedTitle', { count: placed.length })}
            </Typography>
          )}
          <Box component="ol" hidden={placed.length === 0} sx={{ m: 0, pl: 3 }}>
            {placed.map((a) => (
              <Box
                component="li"
                key={`${a.JobId}-${a.UserId}-${a.StartTime}`}
                data-testid="planner-proposal-reason"
              >
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {t('suggest.placedLine', {
                    job: a.JobName,
                    user: a.UserName,
                    when: when(a.StartTime, a.EndTime),
                  })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {a.Reason}
                </Typography>
              </Box>
            ))}
          </Box>
          {plan.Unplaced.length > 0 && (
            <>
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                {t('suggest.unplacedTitle', { count: plan.Unplaced.length })}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {plan.Unplaced.map((u) => (
                  <Box component="li" key={u.JobId} data-testid="planner-proposal-unplaced">
                    <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                      {u.JobName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {u.Reason || t('suggest.noRoom')}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
