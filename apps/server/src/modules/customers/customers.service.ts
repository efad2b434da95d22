import {
  type ActiveState,
  type CustomerChangeInput,
  type CustomerCreateInput,
  JOB_COUNT_CAP,
  type PublicState,
  UserType,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Geocoder } from '../../infra/geocoder.ts';
import { insertChangeLog } from '../change-logs/change-logs.api.ts';
import { created, diff } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import {
  alreadyInUse,
  erpRefusal,
  fieldNotFound,
  fieldRefusal,
  forbidden,
  recordNotFound,
} from '../common/errors.ts';
import { changeWithEvents, type Emit, type FormerOwner } from '../common/outbox.ts';
import { boundedTotal, hasWord, inOrderOf, withPrepended } from '../common/paging.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { customerScope } from '../common/scope.ts';
import { refuseTwins, retryTwins } from '../common/unique.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { coordinatesFor } from './address-location.ts';
import { findAddress, findContact, insertAddress, insertContact } from './addresses.repository.ts';
import { loggedCustomerFields, presentCustomer, presentListItem } from './customers.presenter.ts';
import * as repo from './customers.repository.ts';

type CreateInput = z.output<typeof CustomerCreateInput>;
type ChangeInput = z.output<typeof CustomerChangeInput>;

/**
 * A list's count stops at the job list's cap (10,000 matches), read through the list's index; the
 * customer list has no TotalCountCapped, so a capped TotalCount is the cap (see boundedTotal).
 */
const LIST_COUNT_CAP = JOB_COUNT_CAP;

/** The unique index on lower(customer_number) (migration 0010). */
const NUMBER_INDEX = 'customers_number_unique';

export interface CustomerDeps {
  db: Db;
  settings: SettingsService;
  geocoder: Geocoder;
}

/** Customers: search, lists, the record and its changes, with the ERP and uniqueness rules of 001 §5. */
export class CustomerService {
  private readonly deps: CustomerDeps;
  constructor(deps: CustomerDeps) {
    this.deps = deps;
  }

  async search(caller: Caller, searchQuery: string | undefined, limit: number) {
    const scope = customerScope(caller.user);
    const filter = { search: searchQuery, searchAddressIds: await this.addressesOf(searchQuery) };
    const page = { limit, offset: 0 };
    // A search: its page by relevance (decision 084), then only those customers read.
    const rows = hasWord(searchQuery)
      ? await this.byIds(
          scope,
          (
            await repo.searchCustomerPage(this.deps.db, scope, { ...filter, search: searchQuery }, page, {
              count: false,
            })
          ).ids,
        )
      : await repo.listCustomers(this.deps.db, scope, filter, page);
    return rows.map((r) => presentListItem(r.customer, r.address));
  }

  async filtered(
    caller: Caller,
    q: {
      Page: number;
      ItemsPerPage: number;
      SearchWord?: string | undefined;
      PrependItemIdList?: number[] | undefined;
      CustomerGroupId?: number | undefined;
    },
  ) {
    const scope = customerScope(caller.user);
    const prependIds = q.PrependItemIdList ?? [];
    const filter = {
      search: q.SearchWord,
      searchAddressIds: await this.addressesOf(q.SearchWord),
      customerGroupId: q.CustomerGroupId,
      excludeIds: prependIds,
    };
    const page = repo.pageOf(q.Page, q.ItemsPerPage);
    // A search: its page by relevance and its count first (decision 084), then only those customers read.
    const search = q.SearchWord;
    const found = hasWord(search)
      ? await repo.searchCustomerPage(this.deps.db, scope, { ...filter, search }, page, { count: true })
      : null;
    const [{ rows, count }, prepended] = await Promise.all([
      found
        ? Promise.all([
            this.byIds(scope, found.ids),
            found.count ?? repo.countCustomers(this.deps.db, scope, filter, LIST_COUNT_CAP),
          ]).then(([rows, count]) => ({ rows, count }))
        : repo.customerPage(this.deps.db, scope, filter, page, LIST_COUNT_CAP),
      prependIds.length
        ? repo.listCustomers(
            this.deps.db,
            scope,
            { ids: prependIds },
            { limit: prependIds.length, offset: 0 },
          )
        : Promise.resolve([]),
    ]);
    const present = (list: typeof prepended) => list.map((r) => presentListItem(r.customer, r.address));
    return {
      Content: withPrepended(q.Page, present(prepended), present(rows), prependIds),
      TotalCount: boundedTotal(page, rows.length, count) + prepended.length,
    };
  }

  /** The customers of these ids that the scope lets see, in the ids' order. */
  private async byIds(scope: ReturnType<typeof customerScope>, ids: number[]) {
    const rows = await repo.listCustomers(
      this.deps.db,
      scope,
      { ids },
      { limit: Math.max(1, ids.length), offset: 0 },
    );
    return inOrderOf(ids, rows, (r) => r.customer.id);
  }

  /** The addresses a search word is in, found first so the list can use them (none without a word). */
  private async addressesOf(word: string | null | undefined) {
    return hasWord(word) ? repo.addressesMatching(this.deps.db, word) : undefined;
  }

  async get(caller: Caller, id: number, db: Executor = this.deps.db) {
    const row = await repo.findCustomerDetail(db, id, customerScope(caller.user));
    if (!row) throw recordNotFound(caller, 'object_customer', id);
    return presentCustomer(row);
  }

  async create(caller: Caller, input: CreateInput) {
    const erp = await this.deps.settings.erp();
    if (erp.CustomerReadOnly) throw erpRefusal(caller, erp.ERPFriendlyName, 'object_customer', 'create');
    if (input.DefaultDeliveryAddress && erp.CustomerAddressReadOnly)
      throw erpRefusal(caller, erp.ERPFriendlyName, 'object_address', 'create');
    if (input.DefaultCustomerPerson && erp.CustomerPersonsReadOnly)
      throw erpRefusal(caller, erp.ERPFriendlyName, 'object_contact', 'create');
    await this.checkReferences(caller, this.deps.db, null, input);
    const place = input.DefaultDeliveryAddress
      ? await coordinatesFor(this.deps.geocoder, input.DefaultDeliveryAddress)
      : undefined;
    const automatic = !input.CustomerNumber;
    const write = () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        if (input.CustomerNumber) await this.checkNumberFree(caller, tx, input.CustomerNumber);
        const customer = await repo.insertCustomer(tx, {
          customerNumber: input.CustomerNumber || (await repo.nextCustomerNumber(tx)),
          name: input.Name,
          organisationNumber: input.OrganisationNumber,
          freeFromVat: input.FreeFromVat,
          creditLimit: input.CreditLimit == null ? null : String(input.CreditLimit),
          creditLimitExceeded: input.CreditLimitExceeded,
          parentCustomerId: input.ParentCustomerId ?? null,
          customerGroupId: input.CustomerGroupId ?? null,
          partnerCompanyId: input.PartnerCompanyId ?? null,
        });
        const defaults: { defaultDeliveryAddressId?: number; defaultCustomerPersonId?: number } = {};
        if (input.DefaultDeliveryAddress) {
          const a = input.DefaultDeliveryAddress;
          const address = await insertAddress(tx, {
            customerId: customer.id,
            name: a.Name,
            street: a.Street,
            zip: a.Zip,
            city: a.City,
            county: a.County,
            country: a.Country,
            latitude: place?.latitude ?? null,
            longitude: place?.longitude ?? null,
            isDelivery: a.IsDelivery,
            isInvoice: a.IsInvoice,
          });
          defaults.defaultDeliveryAddressId = address.id;
        }
        if (input.DefaultCustomerPerson) {
          const p = input.DefaultCustomerPerson;
          const contact = await insertContact(tx, {
            customerId: customer.id,
            name: p.Name,
            email: p.Email,
            mobile: p.Mobile,
            fixedPhone: p.FixedPhone,
            isActive: p.IsActive,
          });
          defaults.defaultCustomerPersonId = contact.id;
        }
        const saved = Object.keys(defaults).length
          ? (await repo.updateCustomer(tx, customer.id, defaults))!
          : customer;
        await this.log(tx, emit, caller, saved, 'New', created(loggedCustomerFields(saved)));
        return saved.id;
      });
    // An automatic number that a concurrent create chose by hand is drawn again.
    const id = await this.numberTaken(caller, input.CustomerNumber, undefined, () =>
      retryTwins(write, (index) => automatic && index === NUMBER_INDEX),
    );
    return this.get(caller, id);
  }

  async change(caller: Caller, id: number, input: ChangeInput) {
    const erp = await this.deps.settings.erp();
    const current = await repo.findCustomer(this.deps.db, id, customerScope(caller.user));
    if (!current) throw recordNotFound(caller, 'object_customer', id);
    // The label switch is the Admin's (decision 085), and ours, not the ERP's: it changes under an ERP too.
    if (input.LabelReportsEnabled !== undefined && caller.user.userTypeId !== UserType.Admin)
      throw forbidden();
    const { LabelReportsEnabled: _label, RowVersion: _version, ...erpFields } = input;
    if (erp.CustomerReadOnly && Object.values(erpFields).some((v) => v !== undefined))
      throw erpRefusal(caller, erp.ERPFriendlyName, 'object_customer', 'change');
    await this.checkReferences(caller, this.deps.db, id, input);
    await this.numberTaken(caller, input.CustomerNumber, id, () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        const before = await repo.findCustomer(tx, id, undefined, true);
        if (!before) throw recordNotFound(caller, 'object_customer', id);
        assertCurrent(caller, before, input.RowVersion);
        if (input.CustomerNumber !== undefined && input.CustomerNumber !== before.customerNumber)
          await this.checkNumberFree(caller, tx, input.CustomerNumber, id);
        const after = {
          CustomerNumber: input.CustomerNumber,
          Name: input.Name,
          OrganisationNumber: input.OrganisationNumber,
          FreeFromVat: input.FreeFromVat,
          IsActive: input.IsActive,
          LabelReportsEnabled: input.LabelReportsEnabled,
          CreditLimit: input.CreditLimit,
          CreditLimitExceeded: input.CreditLimitExceeded,
          ParentCustomerId: input.ParentCustomerId,
          CustomerGroupId: input.CustomerGroupId,
          PartnerCompanyId: input.PartnerCompanyId,
          DefaultDeliveryAddressId: input.DefaultDeliveryAddressId,
          DefaultCustomerPersonId: input.DefaultCustomerPersonId,
        };
        const changes = diff(loggedCustomerFields(before), after);
        if (changes.length === 0) return;
        const values = {
          customerNumber: input.CustomerNumber,
          name: input.Name,
          organisationNumber: input.OrganisationNumber,
          freeFromVat: input.FreeFromVat,
          isActive: input.IsActive,
          labelReportsEnabled: input.LabelReportsEnabled,
          creditLimit:
            input.CreditLimit === undefined
              ? undefined
              : input.CreditLimit === null
                ? null
                : String(input.CreditLimit),
          creditLimitExceeded: input.CreditLimitExceeded,
          parentCustomerId: input.ParentCustomerId,
          customerGroupId: input.CustomerGroupId,
          partnerCompanyId: input.PartnerCompanyId,
          defaultDeliveryAddressId: input.DefaultDeliveryAddressId,
          defaultCustomerPersonId: input.DefaultCustomerPersonId,
        };
        const saved = savedAt(caller, await repo.updateCustomer(tx, id, values, input.RowVersion));
        const newPartner =
          input.PartnerCompanyId !== undefined && input.PartnerCompanyId !== before.partnerCompanyId;
        // The old partner's open screens are told the customer, its machines and jobs are gone from them.
        const formerOwner: FormerOwner = { customerId: null, partnerCompanyId: before.partnerCompanyId };
        await this.log(tx, emit, caller, saved, 'Change', changes, newPartner ? formerOwner : undefined);
        // The customer's machines that went with its partner go with it to the new one: otherwise the
        // old partner would keep seeing machines of a customer it no longer serves (machineScope).
        if (newPartner) {
          for (const machineId of await repo.movePartnerOfMachines(
            tx,
            id,
            before.partnerCompanyId,
            input.PartnerCompanyId ?? null,
          ))
            emit({
              entity: 'machine',
              entityId: machineId,
              changeType: 'Change',
              userId: caller.user.id,
              formerOwner,
            });
          // A job's partner is its customer's (jobScope): every job of the customer changed hands.
          for (const jobId of await repo.parentJobsOf(tx, id))
            emit({
              entity: 'job',
              entityId: jobId,
              changeType: 'Change',
              userId: caller.user.id,
              payload: { JobId: jobId },
              formerOwner,
            });
        }
      }),
    );
    return this.get(caller, id);
  }

  async activeState(caller: Caller, id: number): Promise<z.output<typeof ActiveState>> {
    const c = await repo.findCustomer(this.deps.db, id, customerScope(caller.user));
    if (!c) throw recordNotFound(caller, 'object_customer', id);
    return { Id: c.id, IsActive: c.isActive };
  }

  async publicState(caller: Caller, id: number): Promise<z.output<typeof PublicState>> {
    const c = await repo.findCustomer(this.deps.db, id, customerScope(caller.user));
    if (!c) throw recordNotFound(caller, 'object_customer', id);
    return { Id: c.id, IsPublic: c.isPublic };
  }

  /** Reads the state and flips it (000 §4), in one transaction with its log line. */
  async toggle(caller: Caller, id: number, field: 'isActive' | 'isPublic') {
    return changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findCustomer(tx, id, customerScope(caller.user), true);
      if (!before) throw recordNotFound(caller, 'object_customer', id);
      const saved = (await repo.updateCustomer(tx, id, { [field]: !before[field] }))!;
      await this.log(
        tx,
        emit,
        caller,
        saved,
        'Change',
        diff(loggedCustomerFields(before), loggedCustomerFields(saved)),
      );
      return { Id: saved.id, IsActive: saved.isActive, IsPublic: saved.isPublic };
    });
  }

  private async log(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    c: repo.CustomerRow,
    action: 'New' | 'Change',
    changes: ReturnType<typeof diff>,
    formerOwner?: FormerOwner,
  ) {
    await insertChangeLog(tx, {
      entity: 'Customer',
      entityId: c.id,
      action,
      customerId: c.id,
      description: c.name,
      changes,
      user: caller.user,
    });
    emit({
      entity: 'customer',
      entityId: c.id,
      changeType: action,
      userId: caller.user.id,
      ...(formerOwner ? { formerOwner } : {}),
    });
  }

  /** A taken customer number: refused naming the holder, who is offered for a merge (001 §5). */
  private async checkNumberFree(caller: Caller, db: Executor, customerNumber: string, exceptId?: number) {
    const holder = await repo.findByCustomerNumber(db, customerNumber, exceptId);
    if (holder)
      throw alreadyInUse(caller, 'CustomerNumber', customerNumber, holder.name, {
        MergeCandidateId: holder.id,
      });
  }

  /**
   * The index on the customer number is the guarantee (migration 0010): a concurrent save that took the
   * number between the check and the write gets the check's refusal all the same.
   */
  private numberTaken<T>(
    caller: Caller,
    customerNumber: string | undefined,
    exceptId: number | undefined,
    write: () => Promise<T>,
  ) {
    return refuseTwins(write, async (index, err) => {
      if (!customerNumber || index !== NUMBER_INDEX) return err;
      const holder = await repo.findByCustomerNumber(this.deps.db, customerNumber, exceptId);
      return alreadyInUse(
        caller,
        'CustomerNumber',
        customerNumber,
        holder?.name ?? customerNumber,
        holder ? { MergeCandidateId: holder.id } : undefined,
      );
    });
  }

  private async checkReferences(
    caller: Caller,
    db: Executor,
    id: number | null,
    input: Partial<
      Pick<
        ChangeInput,
        | 'ParentCustomerId'
        | 'CustomerGroupId'
        | 'PartnerCompanyId'
        | 'DefaultDeliveryAddressId'
        | 'DefaultCustomerPersonId'
      >
    >,
  ) {
    const scope = customerScope(caller.user);
    if (input.ParentCustomerId) {
      if (!(await repo.findCustomer(db, input.ParentCustomerId, scope)))
        throw fieldNotFound(caller, 'ParentCustomerId', 'object_customer', input.ParentCustomerId);
      if (id !== null) await this.checkNoCycle(caller, db, id, input.ParentCustomerId);
    }
    if (input.CustomerGroupId && !(await repo.groupExists(db, input.CustomerGroupId)))
      throw fieldNotFound(caller, 'CustomerGroupId', 'object_customer_group', input.CustomerGroupId);
    if (input.PartnerCompanyId && !(await repo.partnerCompanyExists(db, input.PartnerCompanyId)))
      throw fieldNotFound(caller, 'PartnerCompanyId', 'object_partner_company', input.PartnerCompanyId);
    if (
      id !== null &&
      input.DefaultDeliveryAddressId &&
      !(await findAddress(db, id, input.DefaultDeliveryAddressId, scope))
    )
      throw fieldNotFound(
        caller,
        'DefaultDeliveryAddressId',
        'object_address',
        input.DefaultDeliveryAddressId,
      );
    if (
      id !== null &&
      input.DefaultCustomerPersonId &&
      !(await findContact(db, input.DefaultCustomerPersonId, scope, id))
    )
      throw fieldNotFound(caller, 'DefaultCustomerPersonId', 'object_contact', input.DefaultCustomerPersonId);
  }

  /** A customer may not become its own ancestor. */
  private async checkNoCycle(caller: Caller, db: Executor, id: number, parentId: number) {
    let p: number | null = parentId;
    for (let depth = 0; p !== null && depth < 100; depth++) {
      if (p === id) throw fieldRefusal(caller, 'ParentCustomerId', 'parent_cycle');
      p = await repo.parentOf(db, p);
    }
  }
}
