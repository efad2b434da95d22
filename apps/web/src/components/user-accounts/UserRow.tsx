import type { UserAccount } from '@fieldport/contract';
import Badge from '@mui/icons-material/Badge';
import Engineering from '@mui/icons-material/Engineering';
import Groups from '@mui/icons-material/Groups';
import Handyman from '@mui/icons-material/Handyman';
import Person from '@mui/icons-material/Person';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import ToggleOff from '@mui/icons-material/ToggleOff';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The icon of each user type, as the admin account cards show them. */
export const TYPE_ICONS = {
  1: SupervisorAccount,
  2: Engineering,
  3: Handyman,
  4: Badge,
  5: Groups,
  6: Person,
} as const;

/** One account in a list: name, e-mail, type and company; an inactive account greyed with the off icon. */
export function UserRow(props: {
  user: UserAccount;
  to: string;
  selected?: boolean;
  showCustomer?: boolean;
}) {
  const { t } = useTranslation('users');
  const u = props.user;
  const Icon = TYPE_ICONS[u.UserTypeId as keyof typeof TYPE_ICONS] ?? Person;
  return (
    <ListItemButton
      divider
      component={Link}
      to={props.to}
      selected={props.selected ?? false}
      data-testid={`user-row-${u.Id}`}
      data-inactive={u.IsActive ? 'false' : 'true'}
      sx={{ color: u.IsActive ? undefined : 'text.secondary' }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
        {u.IsActive ? <Icon aria-hidden /> : <ToggleOff titleAccess={t('inactive')} />}
      </ListItemIcon>
      <ListItemText
        primary={u.Name}
        secondary={[
          u.EmailAdress,
          t(`type.${u.UserTypeId}`),
          props.showCustomer ? u.CustomerName : null,
          u.PartnerCompanyName,
        ]
          .filter(Boolean)
          .join(' · ')}
        slotProps={{ secondary: { color: 'text.secondary' } }}
      />
    </ListItemButton>
  );
}
