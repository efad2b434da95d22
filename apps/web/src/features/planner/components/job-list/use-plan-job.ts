import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pathFor } from '../../../../lib/routing/access.ts';
import { showNewEvent } from '../../api.ts';
import { formatClock, formatWhen } from '../../format.ts';
import { type PlanTarget, planDrop, routeTime } from '../../rules/plan-drop.ts';
import type { PlannerScope } from '../../rules/scope-range.ts';
import { createJobAppointment, fetchEstimate, jobPanelKeys, removeFromLists } from './api.ts';

/** A job to plan as the panel knows it. */
export interface PlannedJob {
  id: number;
  name: string;
}

/**
 * Planning a job at a user and time, by a drop or the keyboard alike (000 §4): in day scope the
 * appointment is created at once for the job's estimate and the job leaves the list; in week or month
 * scope the appointment dialog's route opens for 24 hours. An accepted suggestion is saved the same way
 * (`planAt`). Each step is announced.
 */
export function usePlanJob(scope: PlannerScope, userName: (id: number) => string) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [announcement, setAnnouncement] = useState('');
  const when = useCallback(
    (ms: number) => (scope === 'QDay' ? formatClock(ms, lang) : formatWhen(ms, lang)),
    [scope, lang],
  );

  /** Creates the job's appointment for a user and time at once; the job leaves the list. */
  const planAt = useCallback(
    async (job: PlannedJob, userId: number, start: number, end: number): Promise<boolean> => {
      const user = userName(userId);
      try {
        const created = await createJobAppointment(job.id, { Id: userId, Name: user }, start, end);
        removeFromLists(client, job.id);
        void showNewEvent(client, created.Id).catch(() =>
          client.invalidateQueries({ queryKey: ['planner', 'range'] }),
        );
        void client.invalidateQueries({ queryKey: jobPanelKeys.all });
        setAnnouncement(
          t('jobList.announce.planned', { name: job.name, user, start: when(start), end: when(end) }),
        );
        return true;
      } catch {
        setAnnouncement(t('jobList.announce.failed', { name: job.name }));
        return false;
      }
    },
    [userName, client, t, when],
  );

  const plan = useCallback(
    async (job: PlannedJob, target: PlanTarget | null): Promise<boolean> => {
      if (!target) return false;
      const user = userName(target.userId);
      if (scope !== 'QDay') {
        const action = planDrop(scope, job.id, target, null)!;
        const query: Record<string, string> = {
          jobId: String(job.id),
          start: routeTime(action.start),
          end: routeTime(action.end),
          userId: String(action.userId),
        };
        const date = search.get('date');
        if (date) query.date = date;
        setAnnouncement(t('jobList.announce.dialog', { name: job.name }));
        navigate(pathFor('Planner', { appointmentId: 'new' }, query));
        return true;
      }
      setAnnouncement(t('jobList.announce.planning', { name: job.name, user, start: when(target.time) }));
      let estimate: number | null;
      try {
        estimate = await fetchEstimate(client, job.id);
      } catch {
        setAnnouncement(t('jobList.announce.failed', { name: job.name }));
        return false;
      }
      const action = planDrop(scope, job.id, target, estimate)!;
      return planAt(job, action.userId, action.start, action.end);
    },
    [scope, userName, search, navigate, t, when, client, planAt],
  );

  return { plan, planAt, announcement };
}
