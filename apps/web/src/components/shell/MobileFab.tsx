import MoreVert from '@mui/icons-material/MoreVert';
import Fab from '@mui/material/Fab';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyMenu } from './LazyMenu.tsx';
import { useShellState } from './shell-context.tsx';

/** Phones (001 §2.2): a floating action button that lists the route's header buttons. */
export function MobileFab({ inverted }: { inverted: boolean }) {
  const { t } = useTranslation('shell');
  const { actions } = useShellState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <Fab
        color="primary"
        aria-label={t('header.actions')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ position: 'fixed', bottom: 48, ...(inverted ? { left: 16 } : { right: 16 }) }}
      >
        <MoreVert />
      </Fab>
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.id}
            disabled={action.disabled}
            {...(action.to ? { component: Link, to: action.to } : {})}
            onClick={() => {
              setAnchor(null);
              action.onClick?.();
            }}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
