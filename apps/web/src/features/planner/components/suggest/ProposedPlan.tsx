import { JOB_STATUS, type JobListPage, type ProposedPlan as Plan } from '@fieldport/contract';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePreference } from '../../../../lib/preferences.ts';
import { useSession } from '../../../../lib/session.tsx';
import type { PlannerScope } from '../../rules/scope-range.ts';
import { formatDay, parseWallClock, startOfDay } from '../../rules/wall-clock.ts';
import { jobPanelKeys } from '../job-list/api.ts';
import { useAcceptPlan, useProposePlan } from './api.ts';
import { PlanDetails } from './PlanDetails.tsx';
import { useProposalTask } from './ProposalTask.tsx';
import { proposalRange } from './proposal-range.ts';
import type { TentativeEvent } from './TentativeBoxes.tsx';

/**
 * The unplanned jobs the job list shows (its query in use), or null when the list is not shown: then
 * the server takes the departments' unplanned jobs.
 */
function jobsInView(client: QueryClient): number[] | null {
  // What each list in use shows: its answer, or the previous one while a new search is read.
  const shown = client
    .getQueryCache()
    .findAll({ queryKey: [...jobPanelKeys.all, 'list'], type: 'active' })
    .flatMap((q) => q.observers.map((o) => o.getCurrentResult().data as JobListPage | undefined))
    .filter((page) => page !== undefined);
  if (!shown.length) return null;
  const ids = new Set<number>();
  for (const page of shown)
    for (const job of page.Content)
      if (job.JobStatusId === JOB_STATUS.New && job.Appointments.length === 0) ids.add(job.Id);
  return [...ids];
}

/**
 * The planner's proposed plan for the shown day or week (issue 12, issue 30, AutoDispatch): the toolbar's
 * 'Propose plan' asks for one over the shown users and the unplanned jobs in view (the week: its working
 * days from today), the timeline draws it as tentative events, the bar above says why each job goes
 * where it goes and which were left out, and accepts all (each appointment created) or discards it;
 * nothing is saved before.
 */
export function useProposedPlan(input: {
  scope: PlannerScope;
  date: number;
  now: number;
  users: readonly number[];
}): {
  button: ReactNode;
  bar: ReactNode;
  tentative: ReadonlyMap<number, TentativeEvent[]> | undefined;
} {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  const client = useQueryClient();
  const [departments] = usePreference('PlannerDepartmentList');
  const [proposal, setProposal] = useState<{ key: string; plan: Plan } | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'warning' | 'info'; text: string } | null>(
    null,
  );
  const propose = useProposePlan();
  const accept = useAcceptPlan();
  // A proposal too large to answer at once is a background task: its progress, then its plan.
  const showPlan = (plan: Plan) =>
    setProposal(plan.Appointments.length || plan.Unplaced.length ? { key, plan } : null);
  const taskFollow = useProposalTask(showPlan);
  const range = proposalRange(input.scope, input.date, input.now);
  const key = range ? `${range.date}/${range.endDate}` : '';
  // A completed proposal task's link (`/planner?proposal={taskId}`, decision 066) follows that task the
  // same way, and shows its plan on its first day (or week).
  const [search, setSearch] = useSearchParams();
  const linkedTask = Number(search.get('proposal'));
  const { scope, now } = input;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link; the hook's functions are new each render
  useEffect(() => {
    if (!Number.isSafeInteger(linkedTask) || linkedTask <= 0) return;
    taskFollow.followTask(linkedTask, (plan) => {
      const first = plan.Appointments.map((a) => a.StartTime).sort()[0];
      const day = first ? startOfDay(parseWallClock(first)) : startOfDay(now);
      const days = proposalRange(scope, day, now);
      if (plan.Appointments.length || plan.Unplaced.length)
        setProposal({ key: days ? `${days.date}/${days.endDate}` : '', plan });
      setSearch(
        (s) => {
          s.set('date', formatDay(day));
          // The search as it was when the link was read: the link's task goes again.
          s.delete('proposal');
          return s;
        },
        { replace: true },
      );
    });
    setSearch(
      (s) => {
        s.delete('proposal');
        return s;
      },
      { replace: true },
    );
  }, [linkedTask]);
  // A plan belongs to its days: another day or week shows none.
  const shown = proposal && proposal.key === key ? proposal.plan : null;

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

  if (info?.Licences.AutoDispatch !== true || input.scope === 'QMonth')
    return { button: null, bar: null, tentative: undefined };

  const onPropose = () => {
    if (!range) return;
    setNotice(null);
    propose.mutate(
      { ...range, departments, users: [...input.users], jobs: jobsInView(client) },
      {
        onSuccess: (answer) => {
          if (taskFollow.follow(answer)) return;
          showPlan(answer);
          if (!answer.Appointments.length && !answer.Unplaced.length)
            setNotice({
              severity: 'info',
              text: t('suggest.nothingToPlan', { count: answer.Unplaced.length }),
            });
        },
      },
    );
  };
  const label = input.scope === 'QWeek' ? t('suggest.proposeWeek') : t('suggest.proposePlan');
  const button = range ? (
    <Button
      size="small"
      variant="outlined"
      startIcon={<AutoFixHighIcon />}
      disabled={propose.isPending || accept.isPending}
      onClick={onPropose}
    >
      {label}
    </Button>
  ) : (
    <Tooltip title={t('suggest.weekOver')}>
      <span>
        <Button size="small" variant="outlined" startIcon={<AutoFixHighIcon />} disabled>
          {label}
        </Button>
      </span>
    </Tooltip>
  );

  const travel =
    shown?.TravelMinutes !== undefined && shown.TravelKm !== undefined
      ? ` ${t('suggest.planTravel', { minutes: shown.TravelMinutes, km: shown.TravelKm })}`
      : '';
  const outcome =
    shown?.Appointments.length === 0 ? (
      // Nothing placed: why each job was left out, with nothing to accept.
      <>
        <Alert severity="info" role="status" onClose={() => setProposal(null)} sx={{ mb: 0.5 }}>
          {t('suggest.nothingToPlan', { count: shown.Unplaced.length })}
        </Alert>
        <PlanDetails plan={shown} week={input.scope === 'QWeek'} />
      </>
    ) : shown ? (
      <>
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
                      setProposal(null);
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
              <Button
                color="inherit"
                size="small"
                disabled={accept.isPending}
                onClick={() => setProposal(null)}
              >
                {t('suggest.discard')}
              </Button>
            </>
          }
          sx={{ mb: 0.5 }}
        >
          {t('suggest.proposal', { count: shown.Appointments.length })}
          {shown.Unplaced.length > 0 && ` ${t('suggest.unplaced', { count: shown.Unplaced.length })}`}
          {travel}
        </Alert>
        <PlanDetails plan={shown} week={input.scope === 'QWeek'} />
      </>
    ) : notice ? (
      <Alert severity={notice.severity} role="status" onClose={() => setNotice(null)} sx={{ mb: 1 }}>
        {notice.text}
      </Alert>
    ) : null;
  const bar = taskFollow.node ? (
    <>
      {taskFollow.node}
      {outcome}
    </>
  ) : (
    outcome
  );

  return { button, bar, tentative };
}
