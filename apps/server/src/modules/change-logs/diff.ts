import type { LoggedChange } from './change-logs.repository.ts';

const text = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The fields whose value differs between `before` and `after` (only the fields `after` has). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): LoggedChange[] {
  const out: LoggedChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = text(before[field]);
    const next = text(value);
    if (old !== next) out.push({ Field: field, OldValue: old, NewValue: next });
  }
  return out;
}

/** Every set field of a new record, as changes from nothing. */
export function created(values: Record<string, unknown>): LoggedChange[] {
  return diff({}, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== '')));
}
