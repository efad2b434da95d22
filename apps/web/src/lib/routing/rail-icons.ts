import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Business from '@mui/icons-material/Business';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Dashboard from '@mui/icons-material/Dashboard';
import Groups from '@mui/icons-material/Groups';
import Handshake from '@mui/icons-material/Handshake';
import Inventory from '@mui/icons-material/Inventory';
import Person from '@mui/icons-material/Person';
import QrCode2 from '@mui/icons-material/QrCode2';
import Work from '@mui/icons-material/Work';

/**
 * The icons of the top-level menu (the desktop rail), which every user sees at first paint: bundled
 * with the shell. routes.test.ts checks that every top-level menu route's icon is here.
 */
export const RAIL_ICONS = {
  AdminPanelSettings,
  Business,
  CalendarMonth,
  Dashboard,
  Groups,
  Handshake,
  Inventory,
  Person,
  QrCode2,
  Work,
} satisfies Record<string, SvgIconComponent>;

export type RailIconName = keyof typeof RAIL_ICONS;
