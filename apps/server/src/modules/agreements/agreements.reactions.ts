import type { DomainEvents } from '../common/domain-events.ts';
import { refreshCounterDue, refreshDueOfCounted, releaseCounterDue } from './next-due.repository.ts';

/**
 * What agreements do when something they count by changes (decision 096): the counter intervals' due
 * days, told again in the change's transaction when the company's time zone or a counter's readings
 * change, and let go of a counter before it is removed.
 */
export function subscribeAgreements(events: DomainEvents) {
  events.on('timeZoneChanged', (tx) => refreshDueOfCounted(tx));
  events.on('counterReadingsChanged', (tx, _emit, { counterId }) => refreshCounterDue(tx, counterId));
  events.on('counterRemoving', (tx, _emit, { counterId }) => releaseCounterDue(tx, counterId));
}
