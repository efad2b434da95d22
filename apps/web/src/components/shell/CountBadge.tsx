import { lazy, type ReactNode } from 'react';
import { ShellPart } from './ShellPart.tsx';

// MUI's Badge loads with the first count to show: most menus show none at first paint. Primary, not
// the secondary accent: white on the accent is 2.9:1 in the light theme, below AA.
const Badge = lazy(() => import('@mui/material/Badge'));

/**
 * A menu entry's count over its icon. Without a count (none, or 0, which MUI's Badge hides too) the
 * icon stands alone, and the badge's code is not needed.
 */
export function CountBadge({
  count,
  max,
  children,
}: {
  count: number | undefined;
  max: number;
  children: ReactNode;
}) {
  if (!count) return children;
  return (
    <ShellPart fallback={children}>
      <Badge badgeContent={count} color="primary" max={max}>
        {children}
      </Badge>
    </ShellPart>
  );
}
