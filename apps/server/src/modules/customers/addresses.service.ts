import type { AddressSaveInput, ContactAddInput, ContactUpdateInput } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Geocoder } from '../../infra/geocoder.ts';
import { insertChangeLog, type LoggedChange } from '../change-logs/change-logs.api.ts';
import { created, diff } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { erpRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { customerScope } from '../common/scope.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { coordinatesFor } from './address-location.ts';
import * as repo from './addresses.repository.ts';
import {
  addressDisplayName,
  loggedAddressFields,
  loggedContactFields,
  presentAddress,
  presentContact,
} from './customers.presenter.ts';
import { findCustomer, updateCustomer } from './customers.repository.ts';

type AddressInput = z.output<typeof AddressSaveInput>;
type ContactAdd = z.output<typeof ContactAddInput>;
type ContactUpdate = z.output<typeof ContactUpdateInput>;

/** Addresses and contact persons of customers, with the ERP read-only rules (001 §3, §5). */
export class AddressesAndContactsService {
  private readonly deps: { db: Db; settings: SettingsService; geocoder: Geocoder };
  constructor(deps: { db: Db; settings: SettingsService; geocoder: Geocoder }) {
    this.deps = deps;
  }

  private async visibleCustomer(
    caller: Caller,
    customerId: number,
    db: Executor = this.deps.db,
    lock = false,
  ) {
    const c = await findCustomer(db, customerId, customerScope(caller.user), lock);
    if (!c) throw recordNotFound(caller, 'object_customer', customerId);
    return c;
  }

  async addresses(caller: Caller, customerId: number) {
    await this.visibleCustomer(caller, customerId);
    const rows = await repo.listAddresses(this.deps.db, customerId, customerScope(caller.user));
    return rows.map((r) => presentAddress(r.address, r.defaultId));
  }

  async address(caller: Caller, customerId: number, addressId: number, db: Executor = this.deps.db) {
    const row = await repo.findAddress(db, customerId, addressId, customerScope(caller.user));
    if (!row) throw recordNotFound(caller, 'object_address', addressId);
    return presentAddress(row.address, row.defaultId);
  }

  /** Creates when Id is missing or 0, changes otherwise; ids below zero belong to the ERP. */
  async saveAddress(caller: Caller, customerId: number, input: AddressInput) {
    const erp = await this.deps.settings.erp();
    const isNew = !input.Id;
    await this.visibleCustomer(caller, customerId);
    if (!isNew && (input.Id! < 0 || erp.CustomerAddressReadOnly))
      throw erpRefusal(caller, erp.ERPFriendlyName, 'object_address', 'change');
    if (isNew && erp.CustomerAddressReadOnly)
      throw erpRefusal(caller, erp.ERPFriendlyName, 'object_address', 'create');
    // Geocoded before the transaction: a slow geocoder must not hold the customer's row lock.
    const stored = isNew ? null : await repo.findAddress(this.deps.db, customerId, input.Id!, undefined);
    if (!isNew && !stored) throw recordNotFound(caller, 'object_address', input.Id!);
    const coordinates = await coordinatesFor(this.deps.geocoder, input, stored?.address);
    const values = {
      name: input.Name,
      street: input.Street,
      zip: input.Zip,
      city: input.City,
      county: input.County,
      country: input.Country,
      isDelivery: input.IsDelivery,
      isInvoice: input.IsInvoice,
      ...coordinates,
    };
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const customer = await this.visibleCustomer(caller, customerId, tx, true);
      let changes: LoggedChange[];
      let saved: repo.AddressRow;
      if (isNew) {
        saved = await repo.insertAddress(tx, { customerId, ...values });
        changes = created(loggedAddressFields(saved));
      } else {
        const before = await repo.findAddress(tx, customerId, input.Id!, undefined);
        if (!before) throw recordNotFound(caller, 'object_address', input.Id!);
        assertCurrent(caller, before.address, input.RowVersion);
        saved = savedAt(caller, await repo.updateAddress(tx, before.address.id, values, input.RowVersion));
        changes = diff(loggedAddressFields(before.address), loggedAddressFields(saved));
      }
      const makeDefault =
        (input.SetAsDefault || customer.defaultDeliveryAddressId === null) &&
        customer.defaultDeliveryAddressId !== saved.id &&
        saved.isDelivery;
      if (makeDefault) {
        await updateCustomer(tx, customerId, { defaultDeliveryAddressId: saved.id });
        changes.push({
          Field: 'IsDefault',
          OldValue: 'false',
          NewValue: 'true',
        });
      }
      if (changes.length > 0)
        await this.log(
          tx,
          emit,
          caller,
          'Address',
          saved.id,
          customerId,
          isNew ? 'New' : 'Change',
          addressDisplayName(saved),
          changes,
        );
      return saved.id;
    });
    return this.address(caller, customerId, id);
  }

  async contacts(caller: Caller, customerId: number) {
    await this.visibleCustomer(caller, customerId);
    const rows = await repo.listContacts(this.deps.db, customerId, customerScope(caller.user));
    return rows.map((r) => presentContact(r.contact, r.defaultId));
  }

  async contact(caller: Caller, contactId: number) {
    const row = await repo.findContact(this.deps.db, contactId, customerScope(caller.user));
    if (!row) throw recordNotFound(caller, 'object_contact', contactId);
    return presentContact(row.contact, row.defaultId);
  }

  async addContact(caller: Caller, customerId: number, input: ContactAdd) {
    const erp = await this.deps.settings.erp();
    await this.visibleCustomer(caller, customerId);
    if (erp.CustomerPersonsReadOnly)
      throw erpRefusal(caller, erp.ERPFriendlyName, 'object_contact', 'create');
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const customer = await this.visibleCustomer(caller, customerId, tx, true);
      const saved = await repo.insertContact(tx, {
        customerId,
        name: input.Name,
        email: input.Email,
        mobile: input.Mobile,
        fixedPhone: input.FixedPhone,
        isActive: input.IsActive,
      });
      if (customer.defaultCustomerPersonId === null && saved.isActive)
        await updateCustomer(tx, customerId, { defaultCustomerPersonId: saved.id });
      await this.log(
        tx,
        emit,
        caller,
        'Contact',
        saved.id,
        customerId,
        'New',
        saved.name,
        created(loggedContactFields(saved)),
      );
      return saved.id;
    });
    return this.contact(caller, id);
  }

  async updateContact(caller: Caller, customerId: number, contactId: number, input: ContactUpdate) {
    const erp = await this.deps.settings.erp();
    await this.visibleCustomer(caller, customerId);
    if (!(await repo.findContact(this.deps.db, contactId, customerScope(caller.user), customerId)))
      throw recordNotFound(caller, 'object_contact', contactId);
    if (erp.CustomerPersonsReadOnly)
      throw erpRefusal(caller, erp.ERPFriendlyName, 'object_contact', 'change');
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findContact(tx, contactId, undefined, customerId);
      if (!before) throw recordNotFound(caller, 'object_contact', contactId);
      assertCurrent(caller, before.contact, input.RowVersion);
      // The SMS and e-mail switches are tied to a mobile number and an e-mail address (001 §5).
      const values = {
        name: input.Name,
        email: input.Email,
        mobile: input.Mobile,
        fixedPhone: input.FixedPhone,
        smsAllowed: input.SmsAllowed && input.Mobile !== '',
        emailAllowed: input.EmailAllowed && input.Email !== '',
        isActive: input.IsActive,
      };
      const saved = savedAt(caller, await repo.updateContact(tx, contactId, values, input.RowVersion));
      const changes = diff(loggedContactFields(before.contact), loggedContactFields(saved));
      if (changes.length > 0)
        await this.log(tx, emit, caller, 'Contact', saved.id, customerId, 'Change', saved.name, changes);
    });
    return this.contact(caller, contactId);
  }

  private async log(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    entity: 'Address' | 'Contact',
    entityId: number,
    customerId: number,
    action: 'New' | 'Change',
    description: string,
    changes: LoggedChange[],
  ) {
    await insertChangeLog(tx, {
      entity,
      entityId,
      action,
      customerId,
      description,
      changes,
      user: caller.user,
    });
    emit({
      entity: 'customer',
      entityId: customerId,
      changeType: 'Change',
      userId: caller.user.id,
      payload: { Part: entity, Id: entityId, ChangeType: action },
    });
  }
}
