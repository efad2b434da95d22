import type { ProposedPlan as Plan } from '@fieldport/contract';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../../lib/preferences.ts';
import { useSession } from '../../../../lib/session.tsx';
import { formatDay, parseWallClock } from '../../rules/wall-clock.ts';
import { useAcceptPlan, useProposePlan } from './api.ts';
import type { TentativeEvent } from './TentativeBoxes.tsx';

/**
 * The planner's proposed plan for the shown day (issue 12, AutoDispatch): the toolbar's 'Propose plan'
 * asks for one (the chosen departments' jobs and users), the timeline draws it as tentative events, and
 * the bar above accepts all (each appointment created) or discards it; nothing is saved before.
 */
export function useProposedPlan(date: number): {
  button: ReactNode;
  bar: ReactNode;
  tentative: ReadonlyMap<number, TentativeEvent[]> | undefined;
} {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  const [departments] = usePreference('PlannerDepartmentList');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'warning' | 'info'; text: string } | null>(
    null,
  );
  const propose = useProposePlan();
  const accept = useAcceptPlan();
  const day = formatDay(date);
  // A plan belongs to its day: another day shows none.
  const shown = plan && plan.Appointments[0]?.StartTime.slice(0, 10) !== day ? null : plan;

  const tentative = useMemo(() => {
    if (!shown) return undefined;
    const map = new Map<number, TentativeEvent[]>();
    for (const a of shown.Appointments) {
      const item = {
        key: `p${a.JobId}`,
        userId: a.UserId,
        start: parseWallClock(a.StartTime),
        end: parseWallClock(a.EndTime),
        title: a.JobName,
      };
      map.set(a.UserId, [...(map.get(a.UserId) ?? []), item]);
    }
    return map;
  }, [shown]);

  if (info?.Licences.AutoDispatch !== true) return { button: null, bar: null, tentative: undefined };

  const button = (
    <Button
      size="small"
      variant="outlined"
      startIcon={<AutoFixHighIcon />}
      disabled={propose.isPending || accept.isPending}
      onClick={() => {
        setNotice(null);
        propose.mutate(
          { date: day, departments },
          {
            onSuccess: (answer) => {
              setPlan(answer.Appointments.length ? answer : null);
              if (!answer.Appointments.length)
                setNotice({
                  severity: 'info',
                  text: t('suggest.nothingToPlan', { count: answer.Unplaced.length }),
                });
            },
          },
        );
      }}
    >
      {t('suggest.proposePlan')}
    </Button>
  );

  const bar = shown ? (
    <Alert
      severity="info"
      data-testid="planner-proposal"
      action={
        <>
          <Button
            color="inherit"
            size="small"
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(shown.Appointments, {
                onSuccess: ({ saved, failed }) => {
                  setPlan(null);
                  setNotice(
                    failed.length
                      ? {
                          severity: 'warning',
                          text: t('suggest.acceptedSome', { saved, failed: failed.length }),
                        }
                      : { severity: 'success', text: t('suggest.acceptedAll', { count: saved }) },
                  );
                },
              })
            }
          >
            {t('suggest.acceptAll')}
          </Button>
          <Button color="inherit" size="small" disabled={accept.isPending} onClick={() => setPlan(null)}>
            {t('suggest.discard')}
          </Button>
        </>
      }
      sx={{ mb: 1 }}
    >
      {t('suggest.proposal', { count: shown.Appointments.length })}
      {shown.Unplaced.length > 0 && ` ${t('suggest.unplaced', { count: shown.Unplaced.length })}`}
    </Alert>
  ) : notice ? (
    <Alert severity={notice.severity} role="status" onClose={() => setNotice(null)} sx={{ mb: 1 }}>
      {notice.text}
    </Alert>
  ) : null;

  return { button, bar, tentative };
}
