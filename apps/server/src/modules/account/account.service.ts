import { type MyAccountSession, serverMessage, toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AuthUser, Caller } from '../common/caller.ts';
import { recordNotFound, refusal, translatedRefusal } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { checkNewPassword } from '../session/new-password.ts';
import { hashPassword, verifyPassword } from '../session/passwords.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './account.repository.ts';

/** User/MyAccount: the signed-in user's own account as the contract shows it. */
const presentAccount = (u: repo.AccountRow) => ({
  Id: u.id,
  Name: u.name,
  EmailAdress: u.email,
  Phone: u.phone,
  Uiculture: u.uiculture,
  FirstTimeMessageSeen: Number(u.firstTimeSeen),
});

/** Ended sign-ins, each told as a `session` event: every process then refuses their access tokens at once. */
const emitEnded = (emit: Emit, userId: number, familyIds: string[]) => {
  for (const familyId of familyIds)
    emit({ entity: 'session', entityId: familyId, changeType: 'Delete', userId });
};

export interface AccountDeps {
  db: Db;
  settings: SettingsService;
  clock: Clock;
}

/**
 * The signed-in user's own account: read it, change the own name, phone or language, the own password,
 * and the own sign-ins (list them, end one, end all but the caller's).
 */
export class AccountService {
  private readonly deps: AccountDeps;
  constructor(deps: AccountDeps) {
    this.deps = deps;
  }

  /** The version of the first-time message the user put away (0: none), for the user-info bundle. */
  async firstTimeSeen(userId: number): Promise<number> {
    return (await repo.findAccount(this.deps.db, userId))?.firstTimeSeen ?? 0;
  }

  async account(user: AuthUser) {
    const row = await repo.findAccount(this.deps.db, user.id);
    if (!row) throw refusal(401, 'session_ended');
    return presentAccount(row);
  }

  /**
   * Changes the own name, phone or language (a user event, so every screen that shows the user and the
   * session check see it), and/or remembers the first-time message's version put away (no event).
   */
  async changeAccount(user: AuthUser, values: repo.AccountChange, firstTimeSeen?: number) {
    const row = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const seen =
        firstTimeSeen === undefined ? null : await repo.setFirstTimeSeen(tx, user.id, firstTimeSeen);
      if (Object.keys(values).length === 0 && firstTimeSeen !== undefined) return seen;
      const changed = await repo.updateAccount(tx, user.id, values);
      if (changed) emit({ entity: 'user', entityId: user.id, changeType: 'Change', userId: user.id });
      return changed;
    });
    if (!row) throw refusal(401, 'session_ended');
    return presentAccount(row);
  }

  /**
   * Changes the own password: the current one must be right (a wrong one is a 400 on CurrentPassword),
   * the new one must follow the rules of 001 §5 at the company's minimum length and not be a common
   * breached password (a 400 on NewPassword). The caller's sign-in goes on; every other one ends.
   */
  async changePassword({ user, lang }: Caller, current: string, next: string) {
    const hash = await repo.findPasswordHash(this.deps.db, user.id);
    if (!(await verifyPassword(hash, current))) {
      throw translatedRefusal(lang, 400, 'current_password_wrong', {}, 'CurrentPassword');
    }
    await checkNewPassword(this.deps.settings, next, lang, 'NewPassword');
    const newHash = await hashPassword(next);
    const now = this.deps.clock.now();
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.setOwnPassword(tx, user.id, newHash);
      const others = await repo.liveFamiliesOf(tx, user.id, now, user.sessionId);
      emitEnded(emit, user.id, await repo.endFamilies(tx, user.id, others, now));
      emit({ entity: 'user', entityId: user.id, changeType: 'Change', userId: user.id });
    });
    return { Success: true, Message: serverMessage('own_password_changed', lang) };
  }

  /** The own live sign-ins, the most recently used first, the caller's own marked. */
  async sessions(user: AuthUser) {
    const [rows, { TimeZone }] = await Promise.all([
      repo.liveSessions(this.deps.db, user.id, this.deps.clock.now()),
      this.deps.settings.global(),
    ]);
    const Content: MyAccountSession[] = rows.map((r) => ({
      Id: r.familyId,
      Started: toLocalDateTime(r.started, TimeZone),
      LastUsed: toLocalDateTime(r.lastUsed, TimeZone),
      UserAgent: r.userAgent,
      Current: r.familyId === user.sessionId,
    }));
    return { Content, TotalCount: Content.length };
  }

  /** Ends one own sign-in; another user's, or one already ended, is not found. */
  async endSession(caller: Caller, familyId: string) {
    const { user } = caller;
    const ended = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const families = await repo.endFamilies(tx, user.id, [familyId], this.deps.clock.now());
      emitEnded(emit, user.id, families);
      return families.length;
    });
    if (ended === 0) throw recordNotFound(caller, 'object_session', familyId);
    return { Success: true, Message: serverMessage('session_signed_out', caller.lang) };
  }

  /** Signs out everywhere else: every own live sign-in but the caller's ends. */
  async endOtherSessions({ user, lang }: Caller) {
    const now = this.deps.clock.now();
    const Count = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const others = await repo.liveFamiliesOf(tx, user.id, now, user.sessionId);
      const ended = await repo.endFamilies(tx, user.id, others, now);
      emitEnded(emit, user.id, ended);
      return ended.length;
    });
    return { Success: true, Message: serverMessage('sessions_signed_out', lang, { count: Count }), Count };
  }
}
