import CssBaseline from '@mui/material/CssBaseline';
// The system's provider is what MUI's own ThemeProvider hands a theme without CSS variables to; taken
// directly, the first download leaves out the CSS-variables provider this app does not use (decision 010).
import { ThemeProvider } from '@mui/system';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { usePreference } from '../lib/preferences.ts';
import { createAppTheme, type ThemeMode } from './index.ts';

interface ThemeModeValue {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/** The MUI theme in the stored mode (preference ThemeMode), with CssBaseline. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = usePreference('ThemeMode');
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo<ThemeModeValue>(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
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
