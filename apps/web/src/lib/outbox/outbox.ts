import type { ErrorBody } from '@fieldport/contract';
import { ApiError } from '../api/client.ts';
import type { CommandInputs, CommandKindName } from './inputs.ts';

/**
 * The field outbox (issue 31.4, decision 075): a technician's writes are commands kept on the device
 * and sent in order, one at a time, when the network is there. Each carries its Idempotency-Key (made
 * once, when queued) and the RowVersion it was based on, so a command whose answer was lost is applied
 * once, and one based on an old version becomes a conflict the technician settles.
 */

/** waiting: to be sent; sending: on its way; conflict: the office changed it meanwhile; refused: a rule said no. */
type CommandState = 'waiting' | 'sending' | 'conflict' | 'refused';

export interface OutboxCommand {
  /** The Idempotency-Key the command is sent with (a new one only when the technician keeps theirs over the office's). */
  key: string;
  /** Its place in the queue: commands are sent in this order. */
  seq: number;
  kind: CommandKindName;
  /** The kind's input (CommandInputs); every one names its job (`jobId`; null for a machine's counter reading). */
  input: CommandInputs[CommandKindName];
  /** What the record is: commands on one record wait behind a held one of it. */
  target: string;
  /** The change in the technician's words (the new status's name), for the screens. */
  label: string;
  /** The RowVersion of the record the change was based on; null for a new record (then a 409 is a rule's refusal). */
  rowVersion: number | null;
  createdAt: string;
  state: CommandState;
  attempts: number;
  /** The server's message of a refusal or conflict. */
  message: string | null;
  /** A refusal's messages per field (the form that edits the command shows them on its fields). */
  errors?: ErrorBody['Errors'] | null;
  /** The office's side of a conflict: the record as it is now. */
  office: OfficeSide | null;
  /** The files the command sends (a photo, decision 102), kept in the store until it is applied or dropped. */
  files?: readonly string[];
}

export type NewCommand = Pick<OutboxCommand, 'kind' | 'input' | 'target' | 'label' | 'rowVersion'>;

/** A file a command sends, kept on the device until then (decision 102). */
export interface StoredFile {
  id: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** Where the commands are kept (store.ts: IndexedDB, one database per user). */
export interface OutboxStore {
  all(): Promise<OutboxCommand[]>;
  put(command: OutboxCommand): Promise<void>;
  remove(key: string): Promise<void>;
  putFile(file: StoredFile): Promise<void>;
  file(id: string): Promise<StoredFile | undefined>;
  removeFiles(ids: readonly string[]): Promise<void>;
}

/**
 * The record as the office left it: its RowVersion and words; and, for a change whose call carries the
 * whole record (a sub-job's comment), the command's input rebuilt on it for Keep mine (decision 099).
 */
interface OfficeSide {
  rowVersion: number;
  label: string;
  input?: CommandInputs[CommandKindName];
}

/** How a kind of command is sent, and how the record's current version is read after a 409. */
export interface CommandKind {
  /** Sends the command; `store` gives the files it sends. */
  send(command: OutboxCommand, store: Pick<OutboxStore, 'file'>): Promise<unknown>;
  current(command: OutboxCommand): Promise<OfficeSide>;
  /**
   * The versioned record a change is of ('job:104', 'orderLine:500'); none for a new record. A later
   * change of the same record based on the same version was based on this one: once this is applied it
   * goes on the answer's RowVersion (the technician's own change is no conflict).
   */
  record?(command: OutboxCommand): string;
  /**
   * For a change whose call carries the whole record (the job's comment, decision 102): its input rebuilt
   * on the record an earlier change of the technician's was answered with, so it does not undo that one.
   */
  rebuilt?(command: OutboxCommand, answer: unknown): CommandInputs[CommandKindName];
}

/** A refused command corrected by the technician: its new input and label (and the version it is now based on). */
export type CommandEdit = Pick<OutboxCommand, 'input' | 'label'> & { rowVersion?: number | null };

export interface OutboxOptions {
  kinds: Record<CommandKindName, CommandKind>;
  isOnline?: () => boolean;
  newKey?: () => string;
  now?: () => Date;
  /** Runs one sending round alone (a Web Lock across tabs); by default it just runs it. */
  exclusive?: (run: () => Promise<void>) => Promise<void>;
}

/** The wait after the n-th failure in a row: 1 s, 2 s, 4 s … at most a minute, or the server's Retry-After when longer. */
const MAX_BACKOFF_MS = 60_000;
function backoffMs(failures: number, retryAfterMs: number | null = null): number {
  const step = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.max(step, Math.min(retryAfterMs ?? 0, MAX_BACKOFF_MS * 5));
}

/** A failure worth trying again later: no network, a timeout, a busy or failing server. */
function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.kind !== 'http') return true;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

type Listener = () => void;
type AppliedListener = (command: OutboxCommand, answer: unknown) => void;

export class Outbox {
  private commands: OutboxCommand[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly appliedListeners = new Set<AppliedListener>();
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;

  private readonly store: OutboxStore;
  private readonly options: OutboxOptions;

  constructor(store: OutboxStore, options: OutboxOptions) {
    this.store = store;
    this.options = options;
  }

  /** Reads the stored commands; one left 'sending' (the page closed under it) is waiting again. */
  async load(): Promise<void> {
    const stored = await this.store.all();
    this.commands = stored.sort((a, b) => a.seq - b.seq);
    for (const c of this.commands)
      if (c.state === 'sending') await this.save({ ...c, state: 'waiting' }, false);
    this.emit();
  }

  list(): readonly OutboxCommand[] {
    return this.commands;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with each command the server applied and its answer (to read the record again). */
  onApplied(listener: AppliedListener): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /** Queues a command (kept, with the files it sends, before this resolves) and starts sending. */
  async enqueue(command: NewCommand, files: readonly StoredFile[] = []): Promise<OutboxCommand> {
    for (const f of files) await this.store.putFile(f);
    const seq = (this.commands.at(-1)?.seq ?? 0) + 1;
    const queued: OutboxCommand = {
      ...command,
      ...(files.length > 0 ? { files: files.map((f) => f.id) } : {}),
      key: this.newKey(),
      seq,
      createdAt: (this.options.now?.() ?? new Date()).toISOString(),
      state: 'waiting',
      attempts: 0,
      message: null,
      office: null,
    };
    await this.store.put(queued);
    this.commands = [...this.commands, queued];
    this.emit();
    void this.flush();
    return queued;
  }

  /** A conflict settled for the technician's side: sent again on the office's version, under a new key. */
  async keepMine(key: string): Promise<void> {
    const c = this.commands.find((x) => x.key === key);
    if (c?.state !== 'conflict' || !c.office) return;
    const again: OutboxCommand = {
      ...c,
      input: c.office.input ?? c.input,
      key: this.newKey(),
      rowVersion: c.office.rowVersion,
      state: 'waiting',
      attempts: 0,
      message: null,
      office: null,
    };
    await this.store.remove(c.key);
    await this.store.put(again);
    this.commands = this.commands.map((x) => (x.key === key ? again : x));
    this.emit();
    void this.flush();
  }

  /** Drops a held command: the office's side stays (a conflict), or the refused change is given up. */
  async discard(key: string): Promise<void> {
    await this.store.remove(key);
    await this.store.removeFiles(this.commands.find((x) => x.key === key)?.files ?? []);
    this.commands = this.commands.filter((x) => x.key !== key);
    this.emit();
    void this.flush();
  }

  /**
   * A refused command corrected and sent again (decision 095): its new input, in its place in the queue,
   * under a new key (the old key's input was another). Nothing happens to a command that is not refused.
   */
  async edit(key: string, change: CommandEdit): Promise<OutboxCommand | null> {
    const c = this.commands.find((x) => x.key === key);
    if (c?.state !== 'refused') return null;
    const again: OutboxCommand = {
      ...c,
      ...change,
      rowVersion: change.rowVersion === undefined ? c.rowVersion : change.rowVersion,
      key: this.newKey(),
      state: 'waiting',
      attempts: 0,
      message: null,
      errors: null,
      office: null,
    };
    await this.store.remove(c.key);
    await this.store.put(again);
    this.commands = this.commands.map((x) => (x.key === key ? again : x));
    this.emit();
    void this.flush();
    return again;
  }

  /** Sends what waits, in order, until the queue is empty, a send fails for now, or the device is offline. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.running) {
      const exclusive = this.options.exclusive ?? ((run) => run());
      this.running = exclusive(() => this.round()).finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
    this.appliedListeners.clear();
  }

  private newKey(): string {
    return this.options.newKey?.() ?? crypto.randomUUID();
  }

  private online(): boolean {
    return this.options.isOnline?.() ?? (typeof navigator === 'undefined' || navigator.onLine !== false);
  }

  /** The first waiting command not behind a held one of the same record. */
  private next(): OutboxCommand | undefined {
    const held = new Set<string>();
    for (const c of this.commands) {
      if (c.state === 'conflict' || c.state === 'refused') held.add(c.target);
      else if (c.state === 'waiting' && !held.has(c.target)) return c;
    }
    return undefined;
  }

  private async round(): Promise<void> {
    for (;;) {
      if (this.stopped || !this.online()) return;
      const command = this.next();
      if (!command) {
        this.failures = 0;
        return;
      }
      const sending: OutboxCommand = { ...command, state: 'sending', attempts: command.attempts + 1 };
      await this.save(sending);
      const kind = this.options.kinds[command.kind];
      try {
        const answer = await kind.send(sending, this.store);
        this.failures = 0;
        await this.store.remove(sending.key);
        await this.store.removeFiles(sending.files ?? []);
        this.commands = this.commands.filter((c) => c.key !== sending.key);
        await this.rebase(sending, answer);
        this.emit();
        for (const l of this.appliedListeners) l(sending, answer);
      } catch (err) {
        if (this.stopped) return;
        if (isRetryable(err)) return this.retryLater(sending, err);
        const apiError = err as ApiError;
        // A 401 after the client's renewal failed: the session is over; the command waits for the user.
        if (apiError.status === 401) return void (await this.save({ ...sending, state: 'waiting' }));
        // A 409 on a new record (rowVersion null) is a rule's (stock short, a key in use): refused.
        if (apiError.status === 409 && sending.rowVersion !== null) {
          let office: OfficeSide;
          try {
            office = await kind.current(sending);
          } catch (readErr) {
            if (isRetryable(readErr)) return this.retryLater(sending, readErr);
            await this.refuse(sending, readErr);
            continue;
          }
          if (office.rowVersion !== sending.rowVersion) {
            await this.save({
              ...sending,
              state: 'conflict',
              message: apiError.body?.Message ?? null,
              office,
            });
            continue;
          }
        }
        await this.refuse(sending, err);
      }
    }
  }

  /** The record's later changes based on the version `applied` was based on now go on its answer's. */
  private async rebase(applied: OutboxCommand, answer: unknown): Promise<void> {
    const record = this.options.kinds[applied.kind].record;
    const next = (answer as { RowVersion?: unknown } | null)?.RowVersion;
    if (!record || applied.rowVersion === null || typeof next !== 'number') return;
    const of = record(applied);
    for (const c of this.commands) {
      const kind = this.options.kinds[c.kind];
      const same = kind.record?.(c) === of;
      if (same && c.state === 'waiting' && c.rowVersion === applied.rowVersion)
        await this.save({ ...c, rowVersion: next, input: kind.rebuilt?.(c, answer) ?? c.input }, false);
    }
  }

  private async refuse(command: OutboxCommand, err: unknown): Promise<void> {
    const body = err instanceof ApiError ? err.body : null;
    await this.save({
      ...command,
      state: 'refused',
      message: body?.Message ?? null,
      errors: body?.Errors ?? null,
    });
  }

  private async retryLater(command: OutboxCommand, err: unknown): Promise<void> {
    await this.save({ ...command, state: 'waiting' });
    this.failures++;
    if (!this.online()) return; // the 'online' event starts the next round
    const wait = backoffMs(this.failures, err instanceof ApiError ? err.retryAfterMs : null);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  private async save(command: OutboxCommand, emit = true): Promise<void> {
    await this.store.put(command);
    this.commands = this.commands.map((c) => (c.key === command.key ? command : c));
    if (emit) this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}
