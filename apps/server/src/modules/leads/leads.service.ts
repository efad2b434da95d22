import {
  JOB_STATUS,
  type Lead,
  type LeadChangeInput,
  type LeadConvertInput,
  type LeadFilterQuery,
  type LeadInput,
  type LeadType,
  type LeadTypeChangeInput,
  type LeadTypeInput,
  toLocalDateTime,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Geocoder } from '../../infra/geocoder.ts';
import { insertChangeLog } from '../change-logs/change-logs.api.ts';
import { created } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { alreadyInUse, fieldNotFound, fieldRefusal, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { type PrependQuery, prependedPage } from '../common/paging.ts';
import { staleRecord } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import { coordinatesFor } from '../customers/address-location.ts';
import * as customers from '../customers/customers.api.ts';
import { insertAddress, insertContact } from '../customers/customers.api.ts';
import { loggedCustomerFields } from '../customers/customers.presenter.ts';
import { checkReferences } from '../jobs/job-checks.ts';
import { logJobChange } from '../jobs/job-log.ts';
import { loggedJobFields } from '../jobs/job-record.presenter.ts';
import type { JobMessages } from '../jobs/job-status.ts';
import * as jobs from '../jobs/jobs.api.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { LeadMailService } from './lead-mail.service.ts';
import * as repo from './leads.repository.ts';

const presentType = (r: { type: repo.LeadTypeRow; leadCount: number }): LeadType => ({
  Id: r.type.id,
  Name: r.type.name,
  IsActive: r.type.isActive,
  LeadCount: Number(r.leadCount),
  RowVersion: r.type.rowVersion,
});

const presentLead = (r: { lead: repo.LeadRow; typeName: string | null }, tz: string): Lead => ({
  Id: r.lead.id,
  Name: r.lead.name,
  ContactName: r.lead.contactName,
  Email: r.lead.email,
  Phone: r.lead.phone,
  Street: r.lead.street,
  Zip: r.lead.zip,
  City: r.lead.city,
  Country: r.lead.country,
  Description: r.lead.description,
  LeadTypeId: r.lead.leadTypeId,
  LeadTypeName: r.typeName,
  IsConverted: r.lead.convertedAt !== null,
  CustomerId: r.lead.convertedCustomerId,
  JobId: r.lead.convertedJobId,
  ConvertedAt: r.lead.convertedAt ? toLocalDateTime(r.lead.convertedAt, tz) : null,
  Created: toLocalDateTime(r.lead.createdAt, tz),
  RowVersion: r.lead.rowVersion,
});

/**
 * Leads and lead types (002 §7.11, LeadsEnabled). A lead is converted (ours, decision 050) into a
 * customer with its address and contact and a new job, all in one transaction with the lead marked, so
 * a failure leaves neither a customer nor a job behind and a second conversion finds the lead taken.
 */
export class LeadService {
  private readonly deps: {
    db: Db;
    settings: SettingsService;
    geocoder: Geocoder;
    mail?: LeadMailService;
    messages?: JobMessages;
  };
  constructor(deps: {
    db: Db;
    settings: SettingsService;
    geocoder: Geocoder;
    mail?: LeadMailService;
    messages?: JobMessages;
  }) {
    this.deps = deps;
  }

  private async tz() {
    return (await this.deps.settings.global()).TimeZone;
  }

  toggleFeature(caller: Caller) {
    return this.deps.settings.toggleFeature(caller, 'LeadsEnabled');
  }

  /* lead types */

  async types() {
    return (await repo.listLeadTypes(this.deps.db, {}, 1, 1000)).map(presentType);
  }

  typesFiltered(q: PrependQuery) {
    const list = (f: repo.LeadTypeFilter, page: number, size: number) =>
      repo.listLeadTypes(this.deps.db, f, page, size).then((rows) => rows.map(presentType));
    return prependedPage(q, {
      page: (f) => list(f, q.Page, q.ItemsPerPage),
      count: (f) => repo.countLeadTypes(this.deps.db, f),
      ids: (ids) => list({ ids }, 1, ids.length),
    });
  }

  async type(caller: Caller, id: number) {
    const row = await repo.findLeadType(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_lead_type', id);
    return presentType(row);
  }

  async createType(caller: Caller, input: z.output<typeof LeadTypeInput>) {
    const id = await this.uniqueType(caller, input.Name, undefined, () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        await this.typeNameFree(caller, tx, input.Name);
        const id = await repo.insertLeadType(tx, { name: input.Name, isActive: input.IsActive });
        emit({ entity: 'leadType', entityId: id, changeType: 'New', userId: caller.user.id });
        return id;
      }),
    );
    return this.type(caller, id);
  }

  async changeType(caller: Caller, input: z.output<typeof LeadTypeChangeInput>) {
    await this.type(caller, input.Id);
    await this.uniqueType(caller, input.Name, input.Id, () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        if (input.Name !== undefined) await this.typeNameFree(caller, tx, input.Name, input.Id);
        const values = {
          ...(input.Name !== undefined ? { name: input.Name } : {}),
          ...(input.IsActive !== undefined ? { isActive: input.IsActive } : {}),
        };
        if (!(await repo.updateLeadType(tx, input.Id, values, input.RowVersion))) throw staleRecord(caller);
        emit({ entity: 'leadType', entityId: input.Id, changeType: 'Change', userId: caller.user.id });
      }),
    );
    return this.type(caller, input.Id);
  }

  /** Refused while leads have the type. */
  async deleteType(caller: Caller, id: number) {
    const current = await repo.findLeadType(this.deps.db, id);
    if (!current) throw recordNotFound(caller, 'object_lead_type', id);
    const used = Number(current.leadCount);
    if (used > 0) throw stillInUse(caller, 'object_lead_type', current.type.name, used);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.deleteLeadType(tx, id);
      emit({ entity: 'leadType', entityId: id, changeType: 'Delete', userId: caller.user.id });
    });
    return { Id: id };
  }

  private async typeNameFree(caller: Caller, tx: Executor, name: string, exceptId?: number) {
    const taken = await repo.sameTypeName(tx, name, exceptId);
    if (taken) throw alreadyInUse(caller, 'Name', name, taken.name);
  }

  private uniqueType<T>(
    caller: Caller,
    name: string | undefined,
    exceptId: number | undefined,
    write: () => Promise<T>,
  ) {
    return refuseTwins(write, async (_index, err) =>
      name === undefined
        ? err
        : alreadyInUse(
            caller,
            'Name',
            name,
            (await repo.sameTypeName(this.deps.db, name, exceptId))?.name ?? name,
          ),
    );
  }

  /* leads */

  async filtered(q: z.output<typeof LeadFilterQuery>) {
    const f = { word: q.SearchWord, typeId: q.LeadTypeId, includeConverted: q.IncludeConverted };
    const [rows, total, tz] = await Promise.all([
      repo.listLeads(this.deps.db, f, q.Page, q.ItemsPerPage),
      repo.countLeads(this.deps.db, f),
      this.tz(),
    ]);
    return { Content: rows.map((r) => presentLead(r, tz)), TotalCount: total };
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findLead(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_lead', id);
    return presentLead(row, await this.tz());
  }

  async create(caller: Caller, input: z.output<typeof LeadInput>) {
    await this.checkType(caller, input.LeadTypeId);
    const templates = await this.deps.mail?.templates();
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const id = await repo.insertLead(tx, {
        name: input.Name,
        contactName: input.ContactName,
        email: input.Email,
        phone: input.Phone,
        street: input.Street,
        zip: input.Zip,
        city: input.City,
        country: input.Country.toUpperCase(),
        description: input.Description,
        leadTypeId: input.LeadTypeId,
        createdBy: caller.user.id,
      });
      emit({ entity: 'lead', entityId: id, changeType: 'New', userId: caller.user.id });
      // The new-lead mail, queued in the lead's change: sent only if the lead is (decision 054).
      if (templates) await this.deps.mail?.created(tx, emit, { id, createdBy: caller.user.name }, templates);
      return id;
    });
    this.deps.mail?.wake();
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof LeadChangeInput>) {
    const current = await repo.findLead(this.deps.db, input.Id);
    if (!current) throw recordNotFound(caller, 'object_lead', input.Id);
    this.assertNotConverted(caller, current.lead);
    await this.checkType(caller, input.LeadTypeId);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const values = {
        name: input.Name,
        contactName: input.ContactName,
        email: input.Email,
        phone: input.Phone,
        street: input.Street,
        zip: input.Zip,
        city: input.City,
        country: input.Country?.toUpperCase(),
        description: input.Description,
        leadTypeId: input.LeadTypeId,
      };
      if (!(await repo.updateLead(tx, input.Id, values, input.RowVersion))) throw staleRecord(caller);
      emit({ entity: 'lead', entityId: input.Id, changeType: 'Change', userId: caller.user.id });
    });
    return this.get(caller, input.Id);
  }

  /** A converted lead stays as the record of where its customer came from. */
  async delete(caller: Caller, id: number) {
    const current = await repo.findLead(this.deps.db, id);
    if (!current) throw recordNotFound(caller, 'object_lead', id);
    this.assertNotConverted(caller, current.lead);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.deleteLead(tx, id);
      emit({ entity: 'lead', entityId: id, changeType: 'Delete', userId: caller.user.id });
    });
    return { Id: id };
  }

  /**
   * Lead/{id}/Convert: the customer (the lead's name, an automatic number, its address as the default
   * delivery address, its contact as the default contact), a new job of that customer at that address
   * (status new, an order id like every job), and the lead marked converted, in one transaction.
   */
  async convert(caller: Caller, id: number, input: z.output<typeof LeadConvertInput>) {
    const found = await repo.findLead(this.deps.db, id);
    if (!found) throw recordNotFound(caller, 'object_lead', id);
    this.assertNotConverted(caller, found.lead);
    if (input.RowVersion !== undefined && input.RowVersion !== found.lead.rowVersion)
      throw staleRecord(caller);
    await checkReferences(caller, this.deps.db, input);
    const l = found.lead;
    const place = await coordinatesFor(this.deps.geocoder, {
      Street: l.street,
      Zip: l.zip,
      City: l.city,
      Country: l.country,
    });
    const result = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const lead = (await repo.findLead(tx, id, true))!.lead;
      this.assertNotConverted(caller, lead);
      if (input.RowVersion !== undefined && input.RowVersion !== lead.rowVersion) throw staleRecord(caller);
      const customer = await customers.insertCustomer(tx, {
        customerNumber: await customers.nextCustomerNumber(tx),
        name: lead.name,
      });
      const address = await insertAddress(tx, {
        customerId: customer.id,
        name: lead.name,
        street: lead.street,
        zip: lead.zip,
        city: lead.city,
        country: lead.country,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        isDelivery: true,
        isInvoice: true,
      });
      const contact = await insertContact(tx, {
        customerId: customer.id,
        name: lead.contactName || lead.name,
        email: lead.email,
        mobile: lead.phone,
        isActive: true,
      });
      const saved = (await customers.updateCustomer(tx, customer.id, {
        defaultDeliveryAddressId: address.id,
        defaultCustomerPersonId: contact.id,
      }))!;
      await insertChangeLog(tx, {
        entity: 'Customer',
        entityId: saved.id,
        action: 'New',
        customerId: saved.id,
        description: saved.name,
        changes: created(loggedCustomerFields(saved)),
        user: caller.user,
      });
      emit({ entity: 'customer', entityId: saved.id, changeType: 'New', userId: caller.user.id });
      const job = await jobs.insertJob(tx, {
        displayName: input.DisplayName || lead.name,
        jobStatusId: JOB_STATUS.New,
        jobTypeId: input.JobTypeId,
        jobPriorityId: input.JobPriorityId,
        orderDepartmentId: input.OrderDepartmentId,
        orderId: String(await jobs.nextOrderNumber(tx)),
        firstLineComment: lead.description,
        customerId: saved.id,
        contactPersonId: contact.id,
        deliveryAddressId: address.id,
        createdBy: caller.user.id,
      });
      await logJobChange(tx, caller, job, 'New', created(loggedJobFields(job)), { emit });
      // The new job's messages, as for any job created (modules/job-messages).
      await this.deps.messages?.created(tx, emit, job);
      if (!(await repo.markConverted(tx, id, saved.id, job.id))) throw staleRecord(caller);
      emit({ entity: 'lead', entityId: id, changeType: 'Change', userId: caller.user.id });
      return { CustomerId: saved.id, JobId: job.id };
    });
    this.deps.messages?.wake();
    return { Lead: await this.get(caller, id), ...result };
  }

  private assertNotConverted(caller: Caller, lead: repo.LeadRow) {
    if (lead.convertedAt !== null)
      throw fieldRefusal(caller, 'Id', 'lead_converted', { customer: lead.convertedCustomerId ?? '' });
  }

  private async checkType(caller: Caller, typeId: number | null | undefined) {
    if (!typeId) return;
    if (!(await repo.findLeadType(this.deps.db, typeId)))
      throw fieldNotFound(caller, 'LeadTypeId', 'object_lead_type', typeId);
  }
}
