/**
 * An inactive record's row in a list: its name (and an editable field's text) in the secondary text
 * colour, which keeps WCAG AA contrast in both themes. The rows used to be dimmed with opacity 0.6,
 * which axe-core counts as a serious violation: 4.3:1 for the name, 2.5:1 for the line under it.
 * Use as `sx={active ? undefined : INACTIVE_ROW}`; the row also says "inactive" in words or by its switch.
 */
export const INACTIVE_ROW = {
  '& .MuiTypography-body1, & .MuiInputBase-input': { color: 'text.secondary' },
} as const;
