import type { SvgIconComponent } from '@mui/icons-material';
import AccessTime from '@mui/icons-material/AccessTime';
import AccountBox from '@mui/icons-material/AccountBox';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AccountTree from '@mui/icons-material/AccountTree';
import Add from '@mui/icons-material/Add';
import AddBusiness from '@mui/icons-material/AddBusiness';
import AddCircle from '@mui/icons-material/AddCircle';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Article from '@mui/icons-material/Article';
import Assignment from '@mui/icons-material/Assignment';
import AttachFile from '@mui/icons-material/AttachFile';
import Badge from '@mui/icons-material/Badge';
import Build from '@mui/icons-material/Build';
import Business from '@mui/icons-material/Business';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Category from '@mui/icons-material/Category';
import Checklist from '@mui/icons-material/Checklist';
import ContactPhone from '@mui/icons-material/ContactPhone';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Edit from '@mui/icons-material/Edit';
import Email from '@mui/icons-material/Email';
import Engineering from '@mui/icons-material/Engineering';
import Event from '@mui/icons-material/Event';
import EventRepeat from '@mui/icons-material/EventRepeat';
import Extension from '@mui/icons-material/Extension';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Flag from '@mui/icons-material/Flag';
import Folder from '@mui/icons-material/Folder';
import Groups from '@mui/icons-material/Groups';
import GroupWork from '@mui/icons-material/GroupWork';
import Handshake from '@mui/icons-material/Handshake';
import Handyman from '@mui/icons-material/Handyman';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import ImportExport from '@mui/icons-material/ImportExport';
import Info from '@mui/icons-material/Info';
import Inventory from '@mui/icons-material/Inventory';
import Inventory2 from '@mui/icons-material/Inventory2';
import Label from '@mui/icons-material/Label';
import List from '@mui/icons-material/List';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Logout from '@mui/icons-material/Logout';
import Mail from '@mui/icons-material/Mail';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import MoreTime from '@mui/icons-material/MoreTime';
import Numbers from '@mui/icons-material/Numbers';
import PendingActions from '@mui/icons-material/PendingActions';
import People from '@mui/icons-material/People';
import Person from '@mui/icons-material/Person';
import Place from '@mui/icons-material/Place';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import QrCode2 from '@mui/icons-material/QrCode2';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Schedule from '@mui/icons-material/Schedule';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import Shortcut from '@mui/icons-material/Shortcut';
import Sms from '@mui/icons-material/Sms';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Task from '@mui/icons-material/Task';
import ToggleOn from '@mui/icons-material/ToggleOn';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Tune from '@mui/icons-material/Tune';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import ViewList from '@mui/icons-material/ViewList';
import Widgets from '@mui/icons-material/Widgets';
import Work from '@mui/icons-material/Work';

/**
 * The icons of the route table, by name. Kept apart from the table so the icons load with the shell
 * (menu, tabs, cards), not with the first paint.
 */
export const ROUTE_ICONS = {
  AccessTime,
  AccountBox,
  AccountCircle,
  AccountTree,
  Add,
  AddBusiness,
  AddCircle,
  AddShoppingCart,
  AdminPanelSettings,
  Article,
  Assignment,
  AttachFile,
  Badge,
  Build,
  Business,
  CalendarMonth,
  Category,
  Checklist,
  ContactPhone,
  Dashboard,
  Description,
  DirectionsCar,
  Edit,
  Email,
  Engineering,
  Event,
  EventRepeat,
  Extension,
  FileDownload,
  FileUpload,
  Flag,
  Folder,
  GroupWork,
  Groups,
  Handshake,
  Handyman,
  History,
  Home,
  ImportExport,
  Info,
  Inventory,
  Inventory2,
  Label,
  List,
  ListAlt,
  LocalShipping,
  Logout,
  Mail,
  ManageAccounts,
  MoreTime,
  Numbers,
  PendingActions,
  People,
  Person,
  Place,
  PrecisionManufacturing,
  QrCode2,
  ReceiptLong,
  ReportProblem,
  Schedule,
  Search,
  Settings,
  Shortcut,
  Sms,
  SupervisorAccount,
  Task,
  ToggleOn,
  TrendingUp,
  Tune,
  VerifiedUser,
  ViewList,
  Widgets,
  Work,
} satisfies Record<string, SvgIconComponent>;

export type IconName = keyof typeof ROUTE_ICONS;
