/**
 * Avatar colours: dark enough that white initials keep WCAG AA contrast (4.5:1) on each, in both
 * themes. A user keeps one colour everywhere (picked by id), so a face is recognised across screens.
 */
export const AVATAR_COLOURS = [
  '#1565c0',
  '#2e7d32',
  '#6a1b9a',
  '#c62828',
  '#00695c',
  '#ad1457',
  '#4527a0',
  '#37474f',
  '#5d4037',
  '#01579b',
] as const;

export const avatarColour = (userId: number): string =>
  AVATAR_COLOURS[Math.abs(Math.trunc(userId)) % AVATAR_COLOURS.length] as string;

/** Up to two letters: the first of the first and of the last word ('Kari Nordmann' → 'KN'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...(words[0] as string)][0] ?? '';
  const last = words.length > 1 ? ([...(words.at(-1) as string)][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
