import type { MenuProps } from '@mui/material/Menu';
import { lazy, Suspense, useState } from 'react';

// Menu brings Popover, Modal, MenuList and Grow (with TextField's chunk, about 10 KB gzipped): no menu
// is open at first paint, so it loads when one first opens (decision 012).
const Menu = lazy(() => import('@mui/material/Menu'));

/**
 * MUI's Menu, rendered from the first time it opens and kept mounted afterwards, so it closes with
 * its transition and reopens at once.
 */
export function LazyMenu(props: MenuProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
