/** Drawer width (001 §2.2): the preference when the child panel shows, else by client height. */
export const DEFAULT_NAV_WIDTH = 310;
export function drawerWidth(opts: {
  childPanelOpen: boolean;
  navMenuWidth?: number;
  clientHeight: number;
}): number {
  if (opts.childPanelOpen) return opts.navMenuWidth ?? DEFAULT_NAV_WIDTH;
  if (opts.clientHeight > 1090) return 95;
  if (opts.clientHeight < 730) return 65;
  return 85;
}

/** Visible sub-menu tab count is window width / 100 minus 3 (at least one). */
export const visibleTabCount = (windowWidth: number): number =>
  Math.max(1, Math.floor(windowWidth / 100) - 3);

/** Logo max width: 36 in icon mode, else 52 when the height is under 730, else 65. */
export const logoMaxWidth = (iconMode: boolean, clientHeight: number): number =>
  iconMode ? 36 : clientHeight < 730 ? 52 : 65;

/** Snackbar stack turns compact at 4 or more. */
export const SNACKBAR_COMPACT_AT = 4;
