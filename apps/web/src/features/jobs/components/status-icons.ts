import type { SvgIconComponent } from '@mui/icons-material';
import Build from '@mui/icons-material/Build';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Circle from '@mui/icons-material/Circle';
import Delete from '@mui/icons-material/Delete';
import Event from '@mui/icons-material/Event';
import Inventory2 from '@mui/icons-material/Inventory2';
import Lock from '@mui/icons-material/Lock';
import NewReleases from '@mui/icons-material/NewReleases';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Verified from '@mui/icons-material/Verified';

/**
 * The icons job statuses name (JobStatus.Icon, names of @mui/icons-material). A status with an icon
 * not listed here shows a dot in its colour. FiberNew draws the English word "NEW": a status stored
 * with it draws the language-neutral NewReleases instead (decision 034).
 */
const STATUS_ICONS: Record<string, SvgIconComponent> = {
  Build,
  CheckCircle,
  Delete,
  Event,
  FiberNew: NewReleases,
  Inventory2,
  Lock,
  NewReleases,
  RequestQuote,
  Verified,
};

export const statusIcon = (name: string): SvgIconComponent => STATUS_ICONS[name] ?? Circle;
