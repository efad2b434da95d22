import type { Tx } from './db.ts';
import type { Emit } from './outbox.ts';

/**
 * What a module tells the modules above it, in the change's own transaction (decision 096). The module
 * that changes something raises the event; the module that owns the consequence reacts to it, so the
 * lower module never imports the higher one and the module graph stays acyclic.
 */
export interface DomainEventMap {
  /** The company's time zone changed: the days counted in it are told again. */
  timeZoneChanged: Record<string, never>;
  /** A counter's readings changed (one added, changed or removed). */
  counterReadingsChanged: { counterId: number };
  /** A counter is about to be removed: what refers to it lets go first. */
  counterRemoving: { counterId: number };
  /** Machine sub-jobs were removed (deleted, or their job's customer swapped). */
  machineJobsRemoved: { jobIds: number[]; userId: number };
}

export type DomainEventName = keyof DomainEventMap;

/** One reaction: runs in the raising change's transaction; throwing rolls the whole change back. */
export type Reaction<K extends DomainEventName> = (
  tx: Tx,
  emit: Emit,
  event: DomainEventMap[K],
) => Promise<void>;

/**
 * The in-process event bus, one per app (made in app.ts, which subscribes the reactions): `raise`
 * runs every reaction to the event one after the other in the caller's transaction, in the order
 * they were subscribed, and answers when all are done.
 */
export class DomainEvents {
  private readonly reactions = new Map<DomainEventName, Reaction<never>[]>();

  on<K extends DomainEventName>(name: K, reaction: Reaction<K>): void {
    const list = this.reactions.get(name) ?? [];
    list.push(reaction as Reaction<never>);
    this.reactions.set(name, list);
  }

  async raise<K extends DomainEventName>(
    tx: Tx,
    emit: Emit,
    name: K,
    event: DomainEventMap[K],
  ): Promise<void> {
    for (const reaction of this.reactions.get(name) ?? []) await (reaction as Reaction<K>)(tx, emit, event);
  }
}
