import dayjs, { type Dayjs } from 'dayjs';

export type PickerKind = 'date' | 'time' | 'dateTime';

/** The wire's form of each kind of field. */
const WIRE: Record<PickerKind, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', dateTime: 'YYYY-MM-DDTHH:mm' };

/** A field's value as the picker holds it; null for none or a value that is no date. */
export function toPicker(kind: PickerKind, value: string): Dayjs | null {
  if (!value) return null;
  const d = kind === 'time' ? dayjs(`2000-01-01T${value}`) : dayjs(value);
  return d.isValid() ? d : null;
}

/** The picker's value in the wire's form; '' for none or a date not typed in full. */
export const fromPicker = (kind: PickerKind, d: Dayjs | null): string =>
  d?.isValid() ? d.format(WIRE[kind]) : '';
