import type { SvgIconProps } from '@mui/material/SvgIcon';
import { type IconName, ROUTE_ICONS } from '../../lib/routing/route-icons.ts';

/** The icon of a route or menu entry, by its name in the route table. */
export function RouteIcon({ name, ...props }: { name: IconName | undefined } & SvgIconProps) {
  if (!name) return null;
  const Icon = ROUTE_ICONS[name];
  return <Icon {...props} />;
}
