import { useEffect } from 'react';
import { setMenuGroup } from '../../../components/shell/menu-groups.ts';
import { useMenuCount } from '../../../components/shell/shell-context.tsx';
import { checkRoute } from '../../../lib/routing/access.ts';
import { useAccessContext } from '../../../lib/routing/hooks.ts';
import { findRoute } from '../../../lib/routing/routes.ts';
import { useStatusGroups } from './api.ts';
import StatusMenuGroup from './StatusMenuGroup.tsx';
import { WORK_QUEUE_COUNT, workQueueCount } from './status-tree.ts';

/**
 * The job list as a work queue (loaded after the first page by WorkQueueSlot): the Jobs menu gets its
 * status groups, and its badge the count of new jobs. Nothing for a user who may not open the jobs.
 */
export default function WorkQueue() {
  const ctx = useAccessContext();
  const jobs = findRoute('Job');
  const allowed = !!ctx && !!jobs && checkRoute(jobs, ctx).ok;
  const groups = useStatusGroups(allowed);
  useMenuCount(WORK_QUEUE_COUNT, allowed && groups.data ? workQueueCount(groups.data) : null);
  useEffect(() => {
    if (!allowed) return;
    setMenuGroup('Job', StatusMenuGroup);
    return () => setMenuGroup('Job', null);
  }, [allowed]);
  return null;
}
