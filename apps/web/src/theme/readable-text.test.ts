import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './index.ts';
import { readableTextOn } from './readable-text.ts';

describe('readableTextOn', () => {
  it('writes white on dark status colours and dark text on light ones', () => {
    expect(readableTextOn('#1976d2')).toBe('#ffffff');
    expect(readableTextOn('#1b5e20')).toBe('#ffffff');
    expect(readableTextOn('#ed6c02')).toBe('#000000');
    expect(readableTextOn('#0288d1')).toBe('#000000');
    expect(readableTextOn('#ffeb3b')).toBe('#000000');
  });

  it('meets AA (4.5:1) on each demo status colour', () => {
    for (const c of [
      '#757575',
      '#1976d2',
      '#ed6c02',
      '#9c27b0',
      '#2e7d32',
      '#0288d1',
      '#1b5e20',
      '#455a64',
      '#d32f2f',
    ]) {
      const text = readableTextOn(c);
      expect(getContrastRatio(c, text), c).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to dark text for a missing or unreadable colour', () => {
    expect(readableTextOn(null)).toBe('#000000');
    expect(readableTextOn('not a colour')).toBe('#000000');
  });
});

describe('the light theme', () => {
  it('has AA contrast for text on its filled warning, error and secondary colours', () => {
    const { palette } = createAppTheme('light');
    for (const c of [palette.warning, palette.error, palette.secondary, palette.primary]) {
      expect(getContrastRatio(c.main, c.contrastText)).toBeGreaterThanOrEqual(4.5);
    }
    // Warning as text on the page (a text button, an icon) too.
    expect(getContrastRatio(palette.warning.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });
});
