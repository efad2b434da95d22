import Alert from '@mui/material/Alert';
import { type ReactNode, useCallback, useState } from 'react';
import { useSession } from '../../../../lib/session.tsx';
import type { PlannerScope } from '../../rules/scope-range.ts';
import { formatDay } from '../../rules/wall-clock.ts';
import { mayAutoDispatch } from './may-dispatch.ts';
import { OptimiseDayDialog, type OptimiseTarget } from './OptimiseDayDialog.tsx';

/**
 * "Optimise this day" for the planner (issue 30): the rows' handler (only in the day view, only for
 * whom the server lets optimise), the dialog while one is open, and the notice of an applied day.
 */
export function useOptimiseDay(
  scope: PlannerScope,
  date: number,
): {
  onOptimise: ((resource: { id: number; name: string }) => void) | undefined;
  dialog: ReactNode;
  notice: ReactNode;
} {
  const { info } = useSession();
  const [target, setTarget] = useState<OptimiseTarget | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const day = formatDay(date);
  const onOptimise = useCallback(
    (resource: { id: number; name: string }) => {
      setApplied(null);
      setTarget({ userId: resource.id, userName: resource.name, date: day });
    },
    [day],
  );
  const allowed = scope === 'QDay' && mayAutoDispatch(info);
  return {
    onOptimise: allowed ? onOptimise : undefined,
    dialog: target && (
      <OptimiseDayDialog target={target} onClose={() => setTarget(null)} onApplied={setApplied} />
    ),
    notice: applied && (
      <Alert
        severity="success"
        role="status"
        data-testid="planner-optimise-applied"
        onClose={() => setApplied(null)}
        sx={{ mb: 1 }}
      >
        {applied}
      </Alert>
    ),
  };
}
