import type { Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

/**
 * 'Theme 1' (001 §3): the product's one theme, in a light and a dark palette.
 * Layout sizes follow 001 §9: header 64 (56 on tablet), sub-menu 48, footer 30.
 */
export const LAYOUT = {
  headerHeight: 64,
  headerHeightCompact: 56,
  subMenuHeight: 48,
  footerHeight: 30,
} as const;

const palettes = {
  light: {
    mode: 'light',
    primary: { main: '#1f4e79', light: '#4a78a6', dark: '#0f2f4f', contrastText: '#ffffff' },
    // Dark text on the orange: white on it is 3:1, below AA.
    secondary: { main: '#e07a1f', contrastText: '#1c1208' },
    // MUI's default warning (#ed6c02) is 3.1:1 against white both ways; this one is 4.8:1.
    warning: { main: '#b35900', contrastText: '#ffffff' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#566273' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#8ab4e0', light: '#b3d1ef', dark: '#5a86b3', contrastText: '#0d1b2a' },
    secondary: { main: '#f0a058', contrastText: '#1c1208' },
    // MUI's dark error (#f44336) is 4.4:1 on the paper below, under AA (a Delete button's text); this is 4.8:1.
    error: { main: '#e57373' },
    background: { default: '#10151c', paper: '#19212b' },
    text: { primary: '#e6ebf2', secondary: '#a4afbd' },
  },
} as const;

/** The theme in a palette, with MUI's own texts in the reader's language when given (i18n/mui-locale.ts). */
export function createAppTheme(mode: ThemeMode, locale: Localization | null = null): Theme {
  return createTheme(
    {
      palette: palettes[mode],
      shape: { borderRadius: 8 },
      typography: {
        fontFamily:
          'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
      },
      components: {
        // One visible focus outline for everything reached by keyboard (WCAG 2.4.7), at AA contrast
        // against the page in both palettes. Text fields show focus by their own border instead.
        MuiCssBaseline: {
          styleOverrides: {
            ':focus-visible:not(input, textarea, [role="combobox"])': {
              outline: `2px solid ${palettes[mode].primary.main}`,
              outlineOffset: 2,
            },
          },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        // Every form's inputs one height (issue 35.6): text fields, selects and lookups all small,
        // whether or not the form names a size (the date fields follow in components/date-fields).
        MuiTextField: { defaultProps: { size: 'small' } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiAutocomplete: { defaultProps: { size: 'small' } },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      },
    },
    ...(locale ? [locale] : []),
  );
}
