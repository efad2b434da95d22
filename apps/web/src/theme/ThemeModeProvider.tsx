import CssBaseline from '@mui/material/CssBaseline';
// The system's provider is what MUI's own ThemeProvider hands a theme without CSS variables to; taken
// directly, the first download leaves out the CSS-variables provider this app does not use (decision 010).
import { ThemeProvider } from '@mui/system';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { useMuiLocale } from '../i18n/mui-locale.ts';
import { type Preferences, usePreference } from '../lib/preferences.ts';
import { createAppTheme, type ThemeMode } from './index.ts';

type ThemeChoice = Preferences['ThemeMode'];

interface ThemeModeValue {
  /** The mode shown: the choice, or the system's when the choice is 'system'. */
  mode: ThemeMode;
  /** What the user chose (Site settings): light, dark or as the system. */
  choice: ThemeChoice;
  setMode(mode: ThemeChoice): void;
  toggle(): void;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
const darkQuery = () =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(DARK_QUERY) : null;
const subscribeDark = (listener: () => void) => {
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
/** Whether the system asks for dark colours now, followed as it changes. */
const useSystemDark = () =>
  useSyncExternalStore(
    subscribeDark,
    () => darkQuery()?.matches ?? false,
    () => false,
  );

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/** The MUI theme in the stored mode (preference ThemeMode; 'system' follows the system's), with CssBaseline. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [choice, setMode] = usePreference('ThemeMode');
  const systemDark = useSystemDark();
  const mode: ThemeMode = choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
  const locale = useMuiLocale();
  const theme = useMemo(() => createAppTheme(mode, locale), [mode, locale]);
  const value = useMemo<ThemeModeValue>(
    () => ({ mode, choice, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, choice, setMode],
  );
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode outside ThemeModeProvider');
  return value;
}
