import { parseWorkHour } from '@fieldport/contract';

/**
 * A time of day as hh:mm, or empty for none (decision 097); with the other side of the day set, the end
 * must come after the start. The translated message of its problem, or null.
 */
export function workTimeRule(
  side: 'start' | 'end',
  other: string | null | undefined,
  messages: { time: string; order: string },
) {
  return (v: string) => {
    const text = v.trim();
    if (text === '') return null;
    const hours = parseWorkHour(text);
    if (hours === null) return messages.time;
    const otherHours = other ? parseWorkHour(other) : null;
    if (otherHours === null) return null;
    return (side === 'start' ? hours < otherHours : hours > otherHours) ? null : messages.order;
  };
}

/** The typed time as the wire takes it: "HH:mm", or null for none. */
export const toTime = (v: string) => (v.trim() === '' ? null : v.trim().padStart(5, '0'));
