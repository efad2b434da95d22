/**
 * An event's box narrower than this (px) is drawn as a compact chip (issue 35.1): its lines would show
 * a few letters of the name and of the time ("Serv 08:15"), which say less than the chip's initials
 * with the hover card beside them.
 */
export const COMPACT_WIDTH = 56;

/** Narrower than this the chip has room for one letter. */
const ONE_LETTER_WIDTH = 24;

/**
 * The chip's text: the initials of the name's first two words ("Pump repair" → "PR"), one letter in
 * a box narrower than ONE_LETTER_WIDTH; nothing for a name without letters or digits.
 */
export function chipText(name: string, width: number): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, width < ONE_LETTER_WIDTH ? 1 : 2)
    .join('');
  return initials.toLocaleUpperCase();
}
