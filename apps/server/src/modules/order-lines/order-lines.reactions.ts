import type { DomainEvents } from '../common/domain-events.ts';
import { releaseLinesOf } from './release-lines.ts';

/**
 * What the order lines do when a job changes (decision 096): the lines of removed machine sub-jobs go
 * with them and give their parts back to the stores, in the removal's transaction.
 */
export function subscribeOrderLines(events: DomainEvents) {
  events.on('machineJobsRemoved', async (tx, emit, { jobIds, userId }) => {
    await releaseLinesOf(tx, emit, jobIds, userId);
  });
}
