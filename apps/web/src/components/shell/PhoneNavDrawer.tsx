import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The phone's navigation (001 §2.2): one list in a temporary drawer, its own chunk (see NavDrawer). */
export default function PhoneNavDrawer(props: {
  anchor: 'left' | 'right';
  width: number;
  open: boolean;
  onClose(): void;
  logo: ReactNode;
  menu: ReactNode;
  userBlock: ReactNode;
}) {
  const { anchor, width, open, onClose, logo, menu, userBlock } = props;
  const { t } = useTranslation('shell');
  return (
    <Drawer
      variant="temporary"
      anchor={anchor}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{
        paper: {
          'data-testid': 'nav-drawer',
          // The drawer is a dialog (MUI gives its paper the role): named as the menu it holds.
          'aria-label': t('menu.label'),
          sx: { width: `min(${width || 310}px, 86vw)`, maxWidth: 310 },
        } as object,
      }}
    >
      {logo}
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto' }}>{menu}</Box>
      <Divider />
      {userBlock}
    </Drawer>
  );
}
