import { type PartnerCompanyChangeInput, type PartnerCompanyInput, UserType } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { AuthUser, Caller } from '../common/caller.ts';
import { recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { type PrependQuery, prependedPage } from '../common/paging.ts';
import { staleRecord } from '../common/row-version.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './partner-companies.repository.ts';

const present = (r: { company: repo.PartnerCompanyRow; customerCount: number; userCount: number }) => ({
  Id: r.company.id,
  Name: r.company.name,
  OrganisationNumber: r.company.organisationNumber ?? '',
  Email: r.company.email ?? '',
  Phone: r.company.phone ?? '',
  IsActive: r.company.isActive,
  CustomerCount: Number(r.customerCount),
  UserCount: Number(r.userCount),
  RowVersion: r.company.rowVersion,
});

/** A partner sees only its own company; staff every company (undefined: no narrowing). */
const onlyIdOf = (user: AuthUser) =>
  user.userTypeId === UserType.Partner ? (user.partnerCompanyId ?? null) : undefined;

/** Partner companies: reference data of the partner portal. */
export class PartnerCompanyService {
  private readonly deps: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.deps = deps;
  }

  /** PartnerCompany/ToggleFeature (002 §7.18): the partner companies feature flips, with its change event. */
  toggleFeature(caller: Caller) {
    return this.deps.settings.toggleFeature(caller, 'PartnerCompaniesEnabled');
  }

  async list(caller: Caller) {
    const rows = await repo.listPartnerCompanies(this.deps.db, { onlyId: onlyIdOf(caller.user) }, 1, 1000);
    return rows.map(present);
  }

  filtered(caller: Caller, q: PrependQuery) {
    const onlyId = onlyIdOf(caller.user);
    const list = (f: repo.PartnerCompanyFilter, page: number, size: number) =>
      repo.listPartnerCompanies(this.deps.db, { ...f, onlyId }, page, size).then((rows) => rows.map(present));
    return prependedPage(q, {
      page: (f) => list(f, q.Page, q.ItemsPerPage),
      count: (f) => repo.countPartnerCompanies(this.deps.db, { ...f, onlyId }),
      ids: (ids) => list({ ids }, 1, ids.length),
    });
  }

  async get(caller: Caller, id: number) {
    const onlyId = onlyIdOf(caller.user);
    const row =
      onlyId === undefined || onlyId === id ? await repo.findPartnerCompany(this.deps.db, id) : null;
    if (!row) throw recordNotFound(caller, 'object_partner_company', id);
    return present(row);
  }

  async create(caller: Caller, input: z.output<typeof PartnerCompanyInput>) {
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const id = await repo.insertPartnerCompany(tx, {
        name: input.Name,
        organisationNumber: input.OrganisationNumber,
        email: input.Email,
        phone: input.Phone,
        isActive: input.IsActive,
      });
      emit({
        entity: 'partnerCompany',
        entityId: id,
        changeType: 'New',
        userId: caller.user.id,
      });
      return id;
    });
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof PartnerCompanyChangeInput>) {
    await this.get(caller, input.Id);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const values = {
        ...(input.Name !== undefined ? { name: input.Name } : {}),
        ...(input.OrganisationNumber !== undefined ? { organisationNumber: input.OrganisationNumber } : {}),
        ...(input.Email !== undefined ? { email: input.Email } : {}),
        ...(input.Phone !== undefined ? { phone: input.Phone } : {}),
        ...(input.IsActive !== undefined ? { isActive: input.IsActive } : {}),
      };
      if (!(await repo.updatePartnerCompany(tx, input.Id, values, input.RowVersion)))
        throw staleRecord(caller);
      emit({
        entity: 'partnerCompany',
        entityId: input.Id,
        changeType: 'Change',
        userId: caller.user.id,
      });
    });
    return this.get(caller, input.Id);
  }

  /** Refused while customers, machines or users belong to it: they would lose their partner silently. */
  async delete(caller: Caller, id: number) {
    const current = await repo.findPartnerCompany(this.deps.db, id);
    if (!current) throw recordNotFound(caller, 'object_partner_company', id);
    const users = Number(current.userCount);
    const inUse = Number(current.customerCount) + users + (await repo.machineCount(this.deps.db, id));
    if (inUse > 0) throw stillInUse(caller, 'object_partner_company', current.company.name, inUse);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.deletePartnerCompany(tx, id);
      emit({
        entity: 'partnerCompany',
        entityId: id,
        changeType: 'Delete',
        userId: caller.user.id,
      });
    });
    return { Id: id };
  }
}
