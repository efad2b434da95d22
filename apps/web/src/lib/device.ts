import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSyncExternalStore } from 'react';

export type Device = 'phone' | 'tablet' | 'desktop';

/** Phones below 600 px wide, tablets below 1200 px, desktops above. */
export function useDevice(): Device {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const compact = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  return phone ? 'phone' : compact ? 'tablet' : 'desktop';
}

let lastSize: { width: number; height: number } | null = null;
function measure() {
  const width = window.innerWidth;
  const height = document.documentElement.clientHeight || window.innerHeight;
  if (width !== lastSize?.width || height !== lastSize?.height) lastSize = { width, height };
}
function subscribeResize(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}
/**
 * The size measured at the first read and on each resize after it only: reading clientHeight lays the page
 * out, and React reads this on every render of the shell (a page change would pay a forced layout).
 */
function readSize() {
  if (!lastSize) {
    measure();
    // Before any subscriber's listener: each resize is measured once, whoever listens.
    window.addEventListener('resize', measure);
  }
  return lastSize!;
}

/** The window width and the client height, updated on resize. */
export function useWindowSize(): { width: number; height: number } {
  return useSyncExternalStore(subscribeResize, readSize, () => ({ width: 1280, height: 800 }));
}
