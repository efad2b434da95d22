import type { TFunction } from 'i18next';
import type { NextOrderItem } from '../api/agreements.ts';

/** Why a visit is due: by date, or by counter with the value it is due at and the last reading. */
export function dueText(
  t: TFunction,
  o: Pick<NextOrderItem, 'DueBy' | 'DueAtCounter' | 'LastCounterValue' | 'CounterName'>,
) {
  if (o.DueBy === 'Date') return t('agreements:dueBy.date');
  return t('agreements:dueBy.counter', {
    counter: o.CounterName || t('agreements:counter'),
    at: o.DueAtCounter ?? '',
    last: o.LastCounterValue ?? '',
  });
}
