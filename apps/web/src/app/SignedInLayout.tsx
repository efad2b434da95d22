import i18next from 'i18next';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '../components/shell/AppShell.tsx';
import { type LoadSearchField, SearchFieldSlot } from '../components/shell/search-slot.ts';
import { ShellStateProvider } from '../components/shell/shell-context.tsx';
import { ContractTypesSlot } from '../features/agreements/components/ContractTypesSlot.tsx';
import { WorkQueueSlot } from '../features/jobs/work-queue/WorkQueueSlot.tsx';
import { LiveEventsSlot } from '../features/live-events/LiveEventsSlot.tsx';
import { checkTasks, TaskPanelSlot } from '../features/tasks/TaskPanelSlot.tsx';
import { AFTER_FIRST_PAGE_MS } from '../lib/after-first-page.ts';
import { preloadLaterCalls } from '../lib/api/client.ts';
import { useSession } from '../lib/session.tsx';

/**
 * The header search's field (the search feature) with its texts, loaded when the search is first
 * pointed at or opened: nothing of it is in the first download.
 */
const loadSearchField: LoadSearchField = () =>
  Promise.all([
    import('../features/search/components/GlobalSearchField.tsx'),
    i18next.loadNamespaces('search'),
  ]).then(([field]) => field);

/** Everything a signed-in user sees around the page: the shell with its state (root of the route tree). */
export default function SignedInLayout() {
  const { info, refreshInfo } = useSession();
  // The other pages' calls (decision 077), once the first page has settled.
  useEffect(() => {
    const timer = setTimeout(() => void preloadLaterCalls(), AFTER_FIRST_PAGE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ShellStateProvider>
      <SearchFieldSlot value={loadSearchField}>
        <AppShell>
          <Outlet />
        </AppShell>
      </SearchFieldSlot>
      <TaskPanelSlot />
      <WorkQueueSlot />
      <ContractTypesSlot />
      {info ? (
        <LiveEventsSlot
          userId={info.UserInfo.Id}
          since={info.EventSequence}
          onSettingsChanged={refreshInfo}
          onTasksChanged={checkTasks}
        />
      ) : null}
    </ShellStateProvider>
  );
}
