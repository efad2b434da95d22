import { randomBytes } from 'node:crypto';
import {
  CUSTOMER_TYPES,
  portalLicenceOf,
  serverMessage,
  toLanguage,
  type UserAddInput,
  type UserChangeInput,
  type UserFilteredQuery,
  userTypeLicensed,
  type WorkDayHours,
  workTimeMinutes,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Mailer } from '../../infra/mailer.ts';
import type { Caller } from '../common/caller.ts';
import {
  alreadyInUse,
  fieldNotFound,
  fieldRefusal,
  forbidden,
  recordNotFound,
  refusal,
} from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { staleRecord } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import { checkNewPassword } from '../session/new-password.ts';
import { hashPassword } from '../session/passwords.ts';
import {
  clearAccountFailures,
  findUserByEmail,
  revokeAllOfUser,
  setPassword,
} from '../session/session.api.ts';
import type { SessionService } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { usersPolicy } from './users.policy.ts';
import { presentUser } from './users.presenter.ts';
import * as repo from './users.repository.ts';

export interface UserDeps {
  db: Db;
  settings: SettingsService;
  session: SessionService;
  mailer: Mailer;
  clock: Clock;
}

type AddInput = z.output<typeof UserAddInput>;
type ChangeInput = z.output<typeof UserChangeInput>;

/**
 * User accounts. Admins manage every account; Technicians and Subcontractors only customer
 * accounts. A new user type, company or deactivation ends the user's sessions at once.
 */
type WorkHoursInput = {
  WorkStart?: string | null | undefined;
  WorkEnd?: string | null | undefined;
  WorkDays?:
    | { Weekday: number; Off: boolean; WorkStart: string | null; WorkEnd: string | null }[]
    | undefined;
};
type WorkHoursStored = { workStart: number | null; workEnd: number | null; workDays: WorkDayHours[] };

export class UserService {
  private readonly deps: UserDeps;
  constructor(deps: UserDeps) {
    this.deps = deps;
  }

  private async timeZone() {
    return (await this.deps.settings.global()).TimeZone;
  }

  async filtered(q: z.output<typeof UserFilteredQuery>) {
    const f: repo.UserFilter = {
      word: q.SearchWord,
      userTypeIds: q.UserTypeIds,
      customerId: q.CustomerId,
      departmentId: q.DepartmentId,
      partnerCompanyId: q.PartnerCompanyId,
      includeInactive: q.IncludeInactive,
    };
    const [rows, total, tz] = await Promise.all([
      repo.listUsers(this.deps.db, f, q.Page, q.ItemsPerPage),
      repo.countUsers(this.deps.db, f),
      this.timeZone(),
    ]);
    return { Content: rows.map((r) => presentUser(r, tz)), TotalCount: total };
  }

  /** Customer managers and employees matching the words, their customer's name included; at most 100. */
  async searchCustomerAccounts(query: string | undefined) {
    const f = { word: query, userTypeIds: [...CUSTOMER_TYPES], withCustomerName: true };
    const [rows, tz] = await Promise.all([repo.listUsers(this.deps.db, f, 1, 100), this.timeZone()]);
    return rows.map((r) => presentUser(r, tz));
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findUser(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_user', id);
    return presentUser(row, await this.timeZone());
  }

  /** Staff may read any account, everybody else only their own (another id is simply not found). */
  async getAccount(caller: Caller, id: number) {
    if (!usersPolicy.mayRead(caller.user, id)) throw recordNotFound(caller, 'object_user', id);
    return this.get(caller, id);
  }

  async add(caller: Caller, input: AddInput) {
    this.mayManage(caller, input.UserTypeId);
    if (input.Password !== undefined)
      await checkNewPassword(this.deps.settings, input.Password, caller.lang, 'Password');
    const values = usersPolicy.companyOf(input.UserTypeId, {
      departmentId: input.DepartmentId,
      customerId: input.CustomerId,
      partnerCompanyId: input.PartnerCompanyId,
    });
    await this.checkReferences(caller, values, input.UserTypeId);
    const logonName = input.UserLogonName || input.EmailAdress;
    await this.checkFree(caller, input.EmailAdress, logonName);
    const password = input.Password ?? randomBytes(24).toString('base64url');
    const row: repo.NewUserRow = {
      name: input.Name,
      email: input.EmailAdress,
      logonName,
      phone: input.Phone,
      userTypeId: input.UserTypeId,
      ...values,
      uiculture: input.Uiculture,
      isBookable: input.IsBookable,
      isContactPerson: input.IsContactPerson,
      canExport: input.CanExport,
      entraTenantId: input.EntraTenantId,
      entraObjectId: input.EntraObjectId,
      skills: input.Skills,
      homeLatitude: input.HomeLatitude,
      homeLongitude: input.HomeLongitude,
      ...this.workHours(caller, input, { workStart: null, workEnd: null, workDays: [] }),
      passwordHash: await hashPassword(password),
    };
    const id = await this.unique(
      caller,
      input.EmailAdress,
      logonName,
      undefined,
      () =>
        changeWithEvents(this.deps.db, async (tx, emit) => {
          const id = await repo.insertUser(tx, row);
          emit({ entity: 'user', entityId: id, changeType: 'New', userId: caller.user.id });
          return id;
        }),
      input.EntraObjectId,
    );
    if (!input.Password) await this.sendWelcome(row);
    return this.get(caller, id);
  }

  async change(caller: Caller, id: number, input: ChangeInput) {
    const current = await repo.findUser(this.deps.db, id);
    if (!current) throw recordNotFound(caller, 'object_user', id);
    const u = current.user;
    this.mayManage(caller, u.userTypeId);
    const type = input.UserTypeId ?? u.userTypeId;
    if (type !== u.userTypeId) this.mayManage(caller, type);
    const company = usersPolicy.companyOf(type, {
      departmentId: input.DepartmentId === undefined ? u.departmentId : input.DepartmentId,
      customerId: input.CustomerId === undefined ? u.customerId : input.CustomerId,
      partnerCompanyId: input.PartnerCompanyId === undefined ? u.partnerCompanyId : input.PartnerCompanyId,
    });
    const missing = usersPolicy.missingCompany(type, company);
    if (missing) throw fieldRefusal(caller, missing, 'required_field');
    await this.checkReferences(caller, company, type);
    const hours = this.workHours(caller, input, u);
    const email = input.EmailAdress ?? u.email;
    const logonName = input.UserLogonName ?? u.logonName;
    await this.checkFree(caller, email, logonName, id);
    // A new type or company changes what the user may see: the old tokens must not keep the old view.
    const endSessions = usersPolicy.endsSessions(u, { userTypeId: type, ...company });
    await this.unique(
      caller,
      email,
      logonName,
      id,
      () =>
        changeWithEvents(this.deps.db, async (tx, emit) => {
          const saved = await repo.updateUser(
            tx,
            id,
            {
              ...(input.Name !== undefined ? { name: input.Name } : {}),
              email,
              logonName,
              ...(input.Phone !== undefined ? { phone: input.Phone } : {}),
              userTypeId: type,
              ...company,
              ...(input.Uiculture !== undefined ? { uiculture: input.Uiculture } : {}),
              ...(input.IsBookable !== undefined ? { isBookable: input.IsBookable } : {}),
              ...(input.IsContactPerson !== undefined ? { isContactPerson: input.IsContactPerson } : {}),
              ...(input.CanExport !== undefined ? { canExport: input.CanExport } : {}),
              ...(input.Skills !== undefined ? { skills: input.Skills } : {}),
              ...(input.HomeLatitude !== undefined ? { homeLatitude: input.HomeLatitude } : {}),
              ...(input.HomeLongitude !== undefined ? { homeLongitude: input.HomeLongitude } : {}),
              ...(input.WorkStart !== undefined ? { workStart: hours.workStart } : {}),
              ...(input.WorkEnd !== undefined ? { workEnd: hours.workEnd } : {}),
              ...(input.WorkDays !== undefined ? { workDays: hours.workDays } : {}),
              ...(input.EntraTenantId !== undefined ? { entraTenantId: input.EntraTenantId } : {}),
              ...(input.EntraObjectId !== undefined ? { entraObjectId: input.EntraObjectId } : {}),
            },
            endSessions,
            input.RowVersion,
          );
          if (!saved) throw staleRecord(caller);
          emit({ entity: 'user', entityId: id, changeType: 'Change', userId: caller.user.id });
        }),
      input.EntraObjectId ?? u.entraObjectId,
    );
    if (endSessions) await revokeAllOfUser(this.deps.db, id, this.deps.clock.now());
    return this.get(caller, id);
  }

  /**
   * The user's own working hours after a change (minutes since midnight, null: the company's on that
   * side): each as sent, else as stored; both set, the day must end after it starts (decision 097), on
   * every weekday of its own too, its sides falling back to the usual ones (decision 100).
   */
  private workHours(caller: Caller, input: WorkHoursInput, stored: WorkHoursStored) {
    const minutes = (v: string | null) => (v === null ? null : workTimeMinutes(v));
    const workStart = input.WorkStart === undefined ? stored.workStart : minutes(input.WorkStart);
    const workEnd = input.WorkEnd === undefined ? stored.workEnd : minutes(input.WorkEnd);
    if (workStart !== null && workEnd !== null && workEnd <= workStart)
      throw fieldRefusal(
        caller,
        input.WorkEnd === undefined ? 'WorkStart' : 'WorkEnd',
        'work_end_before_start',
      );
    const workDays =
      input.WorkDays === undefined
        ? stored.workDays
        : input.WorkDays.map((d) => ({
            weekday: d.Weekday,
            off: d.Off,
            start: d.Off ? null : minutes(d.WorkStart),
            end: d.Off ? null : minutes(d.WorkEnd),
          })).sort((a, b) => a.weekday - b.weekday);
    for (const d of workDays) {
      const start = d.start ?? workStart;
      const end = d.end ?? workEnd;
      if (!d.off && start !== null && end !== null && end <= start)
        throw fieldRefusal(
          caller,
          input.WorkDays !== undefined ? 'WorkDays' : input.WorkEnd === undefined ? 'WorkStart' : 'WorkEnd',
          'work_end_before_start',
        );
    }
    return { workStart, workEnd, workDays };
  }

  async toggleActive(caller: Caller, id: number) {
    const current = await repo.findUser(this.deps.db, id);
    if (!current) throw recordNotFound(caller, 'object_user', id);
    this.mayManage(caller, current.user.userTypeId);
    const isActive = !current.user.isActive;
    if (!usersPolicy.maySwitch(caller.user, id, isActive)) throw refusal(400, 'cannot_deactivate_self');
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.updateUser(tx, id, { isActive }, !isActive);
      // Reactivated: the account starts with no failed sign-ins (decision 058).
      if (isActive) await clearAccountFailures(tx, current.user.email);
      emit({ entity: 'user', entityId: id, changeType: 'Change', userId: caller.user.id });
    });
    if (!isActive) await revokeAllOfUser(this.deps.db, id, this.deps.clock.now());
    return { Id: id, IsActive: isActive };
  }

  async setPasswordFor(caller: Caller, email: string, password: string) {
    const user = await this.byEmail(caller, email);
    await checkNewPassword(this.deps.settings, password, caller.lang, 'Password');
    const hash = await hashPassword(password);
    // The user's open sockets close on the `user` event: their session version is now old.
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await setPassword(tx, user.id, hash);
      await revokeAllOfUser(tx, user.id, this.deps.clock.now());
      // A new password lifts the throttle of the account (decision 058).
      await clearAccountFailures(tx, user.email);
      emit({
        entity: 'user',
        entityId: user.id,
        changeType: 'Change',
        userId: caller.user.id,
      });
    });
    return { Success: true, Message: serverMessage('password_set', caller.lang) };
  }

  async sendResetMail(caller: Caller, email: string) {
    const user = await this.byEmail(caller, email);
    if (!(await this.deps.session.sendRecoveryCode(user))) throw refusal(429, 'too_many_attempts');
    return { Success: true, Message: serverMessage('reset_mail_sent', caller.lang, { email: user.email }) };
  }

  private async byEmail(caller: Caller, email: string) {
    const user = await findUserByEmail(this.deps.db, email);
    if (!user) throw recordNotFound(caller, 'object_user', email);
    this.mayManage(caller, user.userTypeId);
    return user;
  }

  /** Admins manage every account; other staff only customer accounts ('You dont have permission to edit this'). */
  private mayManage(caller: Caller, userTypeId: number) {
    if (!usersPolicy.mayManage(caller.user, userTypeId)) throw forbidden('edit_not_allowed');
  }

  private async checkReferences(
    caller: Caller,
    v: { departmentId: number | null; customerId: number | null; partnerCompanyId: number | null },
    type: number,
  ) {
    const licences = await this.deps.settings.licences();
    const licence = portalLicenceOf(type);
    if (licence && !userTypeLicensed(type, licences))
      throw fieldRefusal(caller, 'UserTypeId', 'user_type_licence', { licence });
    if (v.customerId && !(await repo.existsIn(this.deps.db, 'customer', v.customerId)))
      throw fieldNotFound(caller, 'CustomerId', 'object_customer', v.customerId);
    if (v.departmentId && !(await repo.existsIn(this.deps.db, 'department', v.departmentId)))
      throw fieldNotFound(caller, 'DepartmentId', 'object_department', v.departmentId);
    if (v.partnerCompanyId && !(await repo.existsIn(this.deps.db, 'partner', v.partnerCompanyId)))
      throw fieldNotFound(caller, 'PartnerCompanyId', 'object_partner_company', v.partnerCompanyId);
  }

  /** E-mail and logon name are unique: the refusal names the account that has them (001 §5). */
  private async checkFree(caller: Caller, email: string, logonName: string, self?: number) {
    const byMail = await repo.findHolder(this.deps.db, 'email', email);
    if (byMail && byMail.id !== self) throw alreadyInUse(caller, 'EmailAdress', email, byMail.name);
    const byLogon = await repo.findHolder(this.deps.db, 'logonName', logonName);
    if (byLogon && byLogon.id !== self) throw alreadyInUse(caller, 'UserLogonName', logonName, byLogon.name);
  }

  /**
   * Two saves racing for one address: the unique indexes on lower(email) and lower(logon name) refuse the
   * loser, who gets the same 409 as the checks give (`refuseTwins`).
   */
  private unique<T>(
    caller: Caller,
    email: string,
    logonName: string,
    self: number | undefined,
    write: () => Promise<T>,
    entraObjectId?: string | null,
  ) {
    return refuseTwins(write, async (index, err) => {
      try {
        await this.checkFree(caller, email, logonName, self);
      } catch (refusal) {
        return refusal;
      }
      if (index === 'users_email_unique') return alreadyInUse(caller, 'EmailAdress', email, email);
      if (index === 'users_logon_unique') return alreadyInUse(caller, 'UserLogonName', logonName, logonName);
      // Another user is linked to that Microsoft identity.
      if (index === 'users_entra_identity_unique' && entraObjectId)
        return alreadyInUse(caller, 'EntraObjectId', entraObjectId, entraObjectId);
      return err;
    });
  }

  private async sendWelcome(user: { name: string; email: string; uiculture?: string | undefined }) {
    const lang = toLanguage(user.uiculture ?? 'en');
    const company = (await this.deps.settings.company()).CompanyName;
    await this.deps.mailer.send({
      to: user.email,
      subject: serverMessage('mail_welcome_subject', lang),
      text: serverMessage('mail_welcome_body', lang, { name: user.name, company }),
    });
  }
}
