import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/context.ts';
import { changeWithEvents } from '../common/outbox.ts';
import * as repo from './account.repository.ts';

/** User/MyAccount: the signed-in user's own account as the contract shows it. */
const presentAccount = (u: repo.AccountRow) => ({
  Id: u.id,
  Name: u.name,
  EmailAdress: u.email,
  Phone: u.phone,
  Uiculture: u.uiculture,
});

/** The signed-in user's own account: read it, change the own name, phone or language. */
export class AccountService {
  private readonly d: { db: Db };
  constructor(deps: { db: Db }) {
    this.d = deps;
  }

  async account(user: AuthUser) {
    const row = await repo.findAccount(this.d.db, user.id);
    if (!row) throw new AppError(401, 'session_ended');
    return presentAccount(row);
  }

  /** Changes the own name, phone or language; a user event, so every screen that shows the user and the session check see it. */
  async changeAccount(user: AuthUser, values: repo.AccountChange) {
    const row = await changeWithEvents(this.d.db, async (tx, emit) => {
      const changed = await repo.updateAccount(tx, user.id, values);
      if (changed) emit({ entity: 'user', entityId: user.id, changeType: 'Change', userId: user.id });
      return changed;
    });
    if (!row) throw new AppError(401, 'session_ended');
    return presentAccount(row);
  }
}
