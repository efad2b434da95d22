import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../theme/ThemeModeProvider.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';

/** Light / dark theme toggle, stored as the ThemeMode preference. */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? t('user.lightTheme') : t('user.darkTheme');
  return (
    <LazyTooltip title={label}>
      <IconButton onClick={toggle} aria-label={label} color="inherit">
        {mode === 'dark' ? <LightMode /> : <DarkMode />}
      </IconButton>
    </LazyTooltip>
  );
}
