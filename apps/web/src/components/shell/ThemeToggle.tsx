import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../theme/ThemeModeProvider.tsx';

/** Light / dark theme toggle, stored as the ThemeMode preference. */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? t('user.lightTheme') : t('user.darkTheme');
  return (
    <Tooltip title={label}>
      <IconButton onClick={toggle} aria-label={label} color="inherit">
        {mode === 'dark' ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}
