import { useSyncExternalStore } from 'react';
import { AFTER_FIRST_PAGE_MS } from '../after-first-page.ts';
import { ApiError } from '../api/client.ts';
import type { CommandEdit, NewCommand, Outbox, OutboxCommand, StoredFile } from './outbox.ts';

/**
 * The signed-in user's outbox as the screens see it (decision 075): the commands not yet applied
 * (the header's count, a visit's "waiting to send" mark, a conflict to settle) and whether the device
 * is online. The session starts it for staff users (Admin, Technician, Subcontractor) and empties it at
 * sign-out; customer and partner users get none. The sending part loads apart from the first download.
 */
export interface OutboxSnapshot {
  userId: number | null;
  commands: readonly OutboxCommand[];
  online: boolean;
}

const deviceOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let snapshot: OutboxSnapshot = { userId: null, commands: [], online: deviceOnline() };
const listeners = new Set<() => void>();
const appliedListeners = new Set<(command: OutboxCommand, answer: unknown) => void>();
let opened: Promise<Outbox | null> | null = null;
let closeOpened: (() => void) | null = null;

function update(next: Partial<OutboxSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const l of listeners) l();
}

const onOnline = () => {
  update({ online: true });
  void opened?.then((o) => o?.flush());
};
const onOffline = () => update({ online: false });

/** Opens the user's outbox and sends what waits; again on each 'online' event. */
export function startOutbox(userId: number): Promise<Outbox | null> {
  if (snapshot.userId === userId && opened) return opened;
  stopOutbox();
  // A browser without IndexedDB (or a test page without it) keeps no device store.
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  update({ userId, commands: [], online: deviceOnline() });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const mine: Promise<Outbox | null> = import('./runner.ts')
    .then((m) => m.openOutbox(userId))
    .then(({ outbox, close }) => {
      if (opened !== mine) {
        close();
        return null;
      }
      closeOpened = close;
      outbox.subscribe(() => update({ commands: outbox.list() }));
      outbox.onApplied((c, answer) => {
        for (const l of appliedListeners) l(c, answer);
      });
      update({ commands: outbox.list() });
      void outbox.flush();
      return outbox;
    })
    .catch((err: unknown) => {
      console.error('The outbox could not be opened', err);
      return null;
    });
  opened = mine;
  return mine;
}

/** Stops sending and closes the store (its commands stay on the device). */
export function stopOutbox(): void {
  window.removeEventListener('online', onOnline);
  window.removeEventListener('offline', onOffline);
  closeOpened?.();
  closeOpened = null;
  opened = null;
  if (snapshot.userId !== null || snapshot.commands.length > 0) update({ userId: null, commands: [] });
}

/** Sign-out: the user's device store is emptied (issue 31.5). */
export async function clearOutbox(userId: number): Promise<void> {
  stopOutbox();
  const { deleteOutboxStore } = await import('./store.ts');
  await deleteOutboxStore(userId);
}

let deferredUser: number | null = null;

/**
 * The session's start of the outbox: after the first page has settled (its code and store are no part
 * of the landing's first download, decision 077), or at once when a write comes first. Returns the stop.
 */
export function startOutboxAfterFirstPage(userId: number): () => void {
  deferredUser = userId;
  const timer = setTimeout(() => void startOutbox(userId), AFTER_FIRST_PAGE_MS);
  return () => {
    clearTimeout(timer);
    deferredUser = null;
    stopOutbox();
  };
}

async function current(): Promise<Outbox> {
  if (!opened && deferredUser !== null) void startOutbox(deferredUser);
  const outbox = await opened;
  if (!outbox) throw new Error('No outbox is open: the user is signed out or has no device store.');
  return outbox;
}

/** Queues a write; it shows at once (optimistic) and is sent when it can be. */
export async function queueCommand(command: NewCommand): Promise<OutboxCommand> {
  return (await current()).enqueue(command);
}

/** A conflict settled for the technician's side: sent again on the office's version. */
export async function keepMine(key: string): Promise<void> {
  await (await current()).keepMine(key);
}

/** A held command given up: the office's side stays. */
export async function discardCommand(key: string): Promise<void> {
  await (await current()).discard(key);
}

/**
 * What became of a write: applied (the server's answer), or kept on the device (`kept`: waiting for the
 * network or behind a held change of its record, or a conflict to settle).
 */
export type Submitted<T> = { applied: true; answer: T } | { applied: false; kept: OutboxCommand };

/** A refusal thrown back to the form: the server's messages, and the command kept refused (`command`), when it is. */
export class CommandRefused extends ApiError {
  readonly command: OutboxCommand | null;
  constructor(command: OutboxCommand, kept: boolean) {
    super({
      status: 400,
      body: { Message: command.message ?? '', ...(command.errors ? { Errors: command.errors } : {}) },
      method: '',
      url: '',
    });
    this.command = kept ? command : null;
  }
}

/** Sends what waits and tells what became of the command `key` (its answer taken from `answers`). */
async function fateOf<T>(
  outbox: Outbox,
  key: string,
  answers: Map<string, unknown>,
  keepRefused: boolean,
): Promise<Submitted<T>> {
  await outbox.flush();
  const now = outbox.list().find((c) => c.key === key);
  if (!now) return { applied: true, answer: answers.get(key) as T };
  if (now.state !== 'refused') return { applied: false, kept: now };
  if (!keepRefused) await outbox.discard(now.key);
  throw new CommandRefused(now, keepRefused);
}

async function withAnswers<T>(run: (outbox: Outbox, answers: Map<string, unknown>) => Promise<T>) {
  const outbox = await current();
  const answers = new Map<string, unknown>();
  const stop = outbox.onApplied((c, a) => answers.set(c.key, a));
  try {
    return await run(outbox, answers);
  } finally {
    stop();
  }
}

/**
 * A form's write through the outbox (decision 095): queued, and sent at once when it can be. Online, the
 * form learns its fate like a direct call's: applied, or refused (thrown as CommandRefused with the
 * server's messages, the command dropped, so the form shows them on its fields and the user corrects it
 * there). Offline, or behind an earlier change of its record, it is kept and shown as waiting. A user
 * without a device store (customer and partner users, a browser without IndexedDB) calls the server
 * directly (`direct`).
 */
export async function submitCommand<T>(
  command: NewCommand,
  direct: () => Promise<T>,
  files: readonly StoredFile[] = [],
): Promise<Submitted<T>> {
  if (!opened && deferredUser !== null) void startOutbox(deferredUser);
  if (!(await opened)) return { applied: true, answer: await direct() };
  return withAnswers(async (outbox, answers) => {
    const queued = await outbox.enqueue(command, files);
    return fateOf<T>(outbox, queued.key, answers, false);
  });
}

/**
 * A refused command corrected (decision 095): sent again with its new input in its place in the queue
 * (the record's later changes still wait behind it). Refused again, it stays refused under its new key
 * (CommandRefused's `command`), for the form to correct once more.
 */
export function resubmitCommand<T>(key: string, change: CommandEdit): Promise<Submitted<T>> {
  return withAnswers(async (outbox, answers) => {
    const edited = await outbox.edit(key, change);
    if (!edited) throw new Error(`The command ${key} is not refused: it cannot be edited.`);
    return fateOf<T>(outbox, edited.key, answers, true);
  });
}

/** Calls `listener` with each command the server applied (to read the record again). */
export function onOutboxApplied(listener: (command: OutboxCommand, answer: unknown) => void): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** How many changes of the signed-in user are not yet applied (sign-out asks first when there are). */
export const pendingCommands = (): number => snapshot.commands.length;

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}
