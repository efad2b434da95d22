import { getContrastRatio } from '@mui/material/styles';

const LIGHT = '#ffffff';
const DARK = '#000000';

/**
 * The text colour to write on a background an admin chose (a job status's colour): white or
 * black, whichever contrasts more, so the text meets WCAG AA wherever the colour allows it.
 */
export function readableTextOn(background: string | null | undefined): string {
  if (!background) return DARK;
  try {
    return getContrastRatio(background, LIGHT) >= getContrastRatio(background, '#000000') ? LIGHT : DARK;
  } catch {
    return DARK;
  }
}
