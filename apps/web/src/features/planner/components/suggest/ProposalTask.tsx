import type { ProposedPlan } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../../lib/api/client.ts';

/** How often a running proposal's task is looked at (its progress moves per region, about each second). */
const CHECK_MS = 1_000;
const FINISHED = new Set(['completed', 'failed', 'cancelled']);

/**
 * A proposal too large to answer at once runs as a background task (decision 066): its progress with a
 * Cancel button, then its plan handed to `onPlan` (read at Appointment/ProposePlan/{taskId}); a failed or
 * cancelled one says so and `onEnd` closes it.
 */
export function ProposalTaskProgress(props: {
  taskId: number;
  onPlan: (plan: ProposedPlan) => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation('planner');
  const { taskId, onPlan } = props;
  const tasks = useQuery({
    queryKey: ['planner', 'proposalTask', taskId],
    queryFn: ({ signal }) => callApi('taskList', {}, { signal, silent: true }),
    refetchInterval: (q) => {
      const task = q.state.data?.find((x) => x.taskId === taskId);
      return task && FINISHED.has(task.status) ? false : CHECK_MS;
    },
  });
  const task = tasks.data?.find((x) => x.taskId === taskId);
  const plan = useQuery({
    queryKey: ['planner', 'proposalTask', taskId, 'plan'],
    enabled: task?.status === 'completed',
    queryFn: ({ signal }) => callApi('appointmentProposedPlan', { params: { id: taskId } }, { signal }),
  });
  useEffect(() => {
    if (plan.data) onPlan(plan.data);
  }, [plan.data, onPlan]);
  const cancel = useMutation({
    mutationFn: () => callApi('taskCancelWait', { params: { id: taskId } }, { notify: true }),
    onSuccess: () => void tasks.refetch(),
  });

  if (task?.status === 'failed' || task?.status === 'cancelled')
    return (
      <Alert
        severity={task.status === 'failed' ? 'error' : 'info'}
        action={
          <Button color="inherit" size="small" onClick={props.onEnd}>
            {t('suggest.task.close')}
          </Button>
        }
      >
        {task.status === 'failed'
          ? t('suggest.task.failed', { error: task.errorMessage ?? '' })
          : t('suggest.task.cancelled')}
      </Alert>
    );
  const percent = task?.status === 'completed' ? 100 : (task?.progress ?? 0);
  const text =
    !task || task.status === 'created'
      ? t('suggest.task.waiting')
      : t('suggest.task.running', { percent: Math.round(percent) });
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="proposal-task"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">{text}</Typography>
        <LinearProgress
          variant={task && task.status !== 'created' ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label={t('suggest.task.label')}
        />
      </Box>
      <Button
        size="small"
        variant="outlined"
        disabled={cancel.isPending || task?.status === 'completed'}
        onClick={() => cancel.mutate()}
      >
        {t('suggest.task.cancel')}
      </Button>
    </Box>
  );
}

/**
 * The planner's hook-up, the one way a proposal task is followed: `follow(answer)` takes a ProposePlan
 * answer that is a task (true) and shows its progress in `node` until its plan goes to `onPlan`; an answer
 * that is a plan is left to the caller (false). `followTask(id, onLinked)` follows a task by its id (the
 * completed task's link, `/planner?proposal={id}`), its plan going to `onLinked`.
 */
export function useProposalTask(onPlan: (plan: ProposedPlan) => void): {
  follow: (answer: ProposedPlan) => boolean;
  followTask: (taskId: number, onLinked: (plan: ProposedPlan) => void) => void;
  node: ReactNode;
} {
  const [taskId, setTaskId] = useState<number | null>(null);
  const linked = useRef<((plan: ProposedPlan) => void) | null>(null);
  const done = (plan: ProposedPlan) => {
    setTaskId(null);
    const to = linked.current ?? onPlan;
    linked.current = null;
    to(plan);
  };
  return {
    follow: (answer) => {
      if (!answer.Task) return false;
      linked.current = null;
      setTaskId(answer.Task.taskId);
      return true;
    },
    followTask: (id, onLinked) => {
      linked.current = onLinked;
      setTaskId(id);
    },
    node:
      taskId === null ? null : (
        <ProposalTaskProgress key={taskId} taskId={taskId} onPlan={done} onEnd={() => setTaskId(null)} />
      ),
  };
}
