import { Outlet } from 'react-router';
import { AppShell } from '../components/shell/AppShell.tsx';
import { ShellStateProvider } from '../components/shell/shell-context.tsx';
import { LiveEventsSlot } from '../features/live-events/LiveEventsSlot.tsx';
import { checkTasks, TaskPanelSlot } from '../features/tasks/TaskPanelSlot.tsx';
import { useSession } from '../lib/session.tsx';

/** Everything a signed-in user sees around the page: the shell with its state (root of the route tree). */
export default function SignedInLayout() {
  const { info, refreshInfo } = useSession();
  return (
    <ShellStateProvider>
      <AppShell>
        <Outlet />
      </AppShell>
      <TaskPanelSlot />
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
