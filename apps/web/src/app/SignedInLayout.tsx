import { Outlet } from 'react-router';
import { AppShell } from '../components/shell/AppShell.tsx';
import { ShellStateProvider } from './shell-context.tsx';

/**
 * Everything a signed-in user sees around the page: the shell with its state. Loaded as its own
 * chunk, in parallel with the user info, so the first paint (sign-in or pre-loading) stays small.
 */
export default function SignedInLayout() {
  return (
    <ShellStateProvider>
      <AppShell>
        <Outlet />
      </AppShell>
    </ShellStateProvider>
  );
}
