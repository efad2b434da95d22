/** The rules of a counter reading (issue 15), as pure functions. */

/** Whether a reading fits between its neighbours in time: not below the one before, unless a meter change. */
export function readingRefusal(
  value: number,
  isMeterChange: boolean,
  before: { value: number } | null,
  after: { value: number; isMeterChange: boolean } | null,
): { key: 'reading_below_previous'; previous: number } | { key: 'reading_above_next'; next: number } | null {
  if (!isMeterChange && before && value < before.value)
    return { key: 'reading_below_previous', previous: before.value };
  if (after && !after.isMeterChange && value > after.value)
    return { key: 'reading_above_next', next: after.value };
  return null;
}
