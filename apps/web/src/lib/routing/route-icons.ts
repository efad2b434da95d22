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

type IconModule = { default: SvgIconComponent };

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

/**
 * The other icons of the route table, by name, each loaded when first shown (components/shell/RouteIcon.tsx):
 * a menu shows a handful of the table's icons, and each is a small file of its own, so the shell
 * does not download all of them with its first paint.
 */
export const ROUTE_ICONS = {
  AccessTime: (): Promise<IconModule> => import('@mui/icons-material/AccessTime'),
  AccountBox: (): Promise<IconModule> => import('@mui/icons-material/AccountBox'),
  AccountCircle: (): Promise<IconModule> => import('@mui/icons-material/AccountCircle'),
  AccountTree: (): Promise<IconModule> => import('@mui/icons-material/AccountTree'),
  Add: (): Promise<IconModule> => import('@mui/icons-material/Add'),
  AddBusiness: (): Promise<IconModule> => import('@mui/icons-material/AddBusiness'),
  AddCircle: (): Promise<IconModule> => import('@mui/icons-material/AddCircle'),
  AddShoppingCart: (): Promise<IconModule> => import('@mui/icons-material/AddShoppingCart'),
  Article: (): Promise<IconModule> => import('@mui/icons-material/Article'),
  Assignment: (): Promise<IconModule> => import('@mui/icons-material/Assignment'),
  AttachFile: (): Promise<IconModule> => import('@mui/icons-material/AttachFile'),
  Badge: (): Promise<IconModule> => import('@mui/icons-material/Badge'),
  Build: (): Promise<IconModule> => import('@mui/icons-material/Build'),
  Category: (): Promise<IconModule> => import('@mui/icons-material/Category'),
  Checklist: (): Promise<IconModule> => import('@mui/icons-material/Checklist'),
  ContactPhone: (): Promise<IconModule> => import('@mui/icons-material/ContactPhone'),
  Description: (): Promise<IconModule> => import('@mui/icons-material/Description'),
  DirectionsCar: (): Promise<IconModule> => import('@mui/icons-material/DirectionsCar'),
  Edit: (): Promise<IconModule> => import('@mui/icons-material/Edit'),
  Email: (): Promise<IconModule> => import('@mui/icons-material/Email'),
  Engineering: (): Promise<IconModule> => import('@mui/icons-material/Engineering'),
  Event: (): Promise<IconModule> => import('@mui/icons-material/Event'),
  EventRepeat: (): Promise<IconModule> => import('@mui/icons-material/EventRepeat'),
  Extension: (): Promise<IconModule> => import('@mui/icons-material/Extension'),
  FileDownload: (): Promise<IconModule> => import('@mui/icons-material/FileDownload'),
  FileUpload: (): Promise<IconModule> => import('@mui/icons-material/FileUpload'),
  Flag: (): Promise<IconModule> => import('@mui/icons-material/Flag'),
  Folder: (): Promise<IconModule> => import('@mui/icons-material/Folder'),
  GroupWork: (): Promise<IconModule> => import('@mui/icons-material/GroupWork'),
  Handyman: (): Promise<IconModule> => import('@mui/icons-material/Handyman'),
  History: (): Promise<IconModule> => import('@mui/icons-material/History'),
  Home: (): Promise<IconModule> => import('@mui/icons-material/Home'),
  ImportExport: (): Promise<IconModule> => import('@mui/icons-material/ImportExport'),
  Info: (): Promise<IconModule> => import('@mui/icons-material/Info'),
  Inventory2: (): Promise<IconModule> => import('@mui/icons-material/Inventory2'),
  Label: (): Promise<IconModule> => import('@mui/icons-material/Label'),
  List: (): Promise<IconModule> => import('@mui/icons-material/List'),
  ListAlt: (): Promise<IconModule> => import('@mui/icons-material/ListAlt'),
  LocalShipping: (): Promise<IconModule> => import('@mui/icons-material/LocalShipping'),
  Logout: (): Promise<IconModule> => import('@mui/icons-material/Logout'),
  Mail: (): Promise<IconModule> => import('@mui/icons-material/Mail'),
  ManageAccounts: (): Promise<IconModule> => import('@mui/icons-material/ManageAccounts'),
  MoreTime: (): Promise<IconModule> => import('@mui/icons-material/MoreTime'),
  Numbers: (): Promise<IconModule> => import('@mui/icons-material/Numbers'),
  PendingActions: (): Promise<IconModule> => import('@mui/icons-material/PendingActions'),
  People: (): Promise<IconModule> => import('@mui/icons-material/People'),
  Place: (): Promise<IconModule> => import('@mui/icons-material/Place'),
  PrecisionManufacturing: (): Promise<IconModule> => import('@mui/icons-material/PrecisionManufacturing'),
  ReceiptLong: (): Promise<IconModule> => import('@mui/icons-material/ReceiptLong'),
  ReportProblem: (): Promise<IconModule> => import('@mui/icons-material/ReportProblem'),
  Schedule: (): Promise<IconModule> => import('@mui/icons-material/Schedule'),
  Search: (): Promise<IconModule> => import('@mui/icons-material/Search'),
  Settings: (): Promise<IconModule> => import('@mui/icons-material/Settings'),
  Shortcut: (): Promise<IconModule> => import('@mui/icons-material/Shortcut'),
  Sms: (): Promise<IconModule> => import('@mui/icons-material/Sms'),
  SupervisorAccount: (): Promise<IconModule> => import('@mui/icons-material/SupervisorAccount'),
  Task: (): Promise<IconModule> => import('@mui/icons-material/Task'),
  ToggleOn: (): Promise<IconModule> => import('@mui/icons-material/ToggleOn'),
  TrendingUp: (): Promise<IconModule> => import('@mui/icons-material/TrendingUp'),
  Tune: (): Promise<IconModule> => import('@mui/icons-material/Tune'),
  VerifiedUser: (): Promise<IconModule> => import('@mui/icons-material/VerifiedUser'),
  ViewList: (): Promise<IconModule> => import('@mui/icons-material/ViewList'),
  Widgets: (): Promise<IconModule> => import('@mui/icons-material/Widgets'),
} as const;

export type IconName = keyof typeof RAIL_ICONS | keyof typeof ROUTE_ICONS;
