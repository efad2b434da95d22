import { PERMISSIONS } from '@fieldport/contract';
import { useContext } from 'react';
import { SessionContext } from '../../../lib/session.tsx';

/**
 * Whether the user may move jobs between statuses (ChangeStatus needs Job.Edit, staff only); false
 * outside a session, so a job list drawn on its own offers no move.
 */
export function useMayMoveJobs(): boolean {
  const info = useContext(SessionContext)?.info;
  if (!info) return false;
  const allowed = info.AuthorizationMatrix?.['Job.Edit'] ?? PERMISSIONS['Job.Edit'];
  return (allowed as readonly number[]).includes(info.UserInfo.UserTypeId);
}
