import type { Address, Contact, Customer, CustomerListItem } from '@fieldport/contract';
import type { AddressRow, ContactRow } from './addresses.repository.ts';
import type { CustomerRow } from './customers.repository.ts';

/** 'Main site, Storgata 1, 0150 Oslo': the name, street and place that are present. */
export function addressDisplayName(a: Pick<AddressRow, 'name' | 'street' | 'zip' | 'city'>): string {
  const place = [a.zip, a.city].filter(Boolean).join(' ');
  return [a.name, a.street, place].filter(Boolean).join(', ');
}

export const presentAddress = (a: AddressRow, defaultId: number | null): Address => ({
  Id: a.id,
  CustomerId: a.customerId,
  Name: a.name,
  DisplayName: addressDisplayName(a),
  Street: a.street,
  Zip: a.zip,
  City: a.city,
  County: a.county,
  Country: a.country,
  Latitude: a.latitude,
  Longitude: a.longitude,
  IsDelivery: a.isDelivery,
  IsInvoice: a.isInvoice,
  IsDefault: a.id === defaultId,
  IsReadOnly: a.id < 0,
  RowVersion: a.rowVersion,
});

export const presentContact = (c: ContactRow, defaultId: number | null): Contact => ({
  Id: c.id,
  CustomerId: c.customerId,
  Name: c.name,
  Email: c.email,
  Mobile: c.mobile,
  FixedPhone: c.fixedPhone,
  SmsAllowed: c.smsAllowed,
  EmailAllowed: c.emailAllowed,
  IsActive: c.isActive,
  IsDefault: c.id === defaultId,
  RowVersion: c.rowVersion,
});

export const presentListItem = (c: CustomerRow, address: AddressRow | null): CustomerListItem => ({
  Id: c.id,
  CustomerNumber: c.customerNumber,
  Name: c.name,
  IsActive: c.isActive,
  DefaultDeliveryAddress: address ? presentAddress(address, c.defaultDeliveryAddressId) : null,
});

export function presentCustomer(d: {
  customer: CustomerRow;
  address: AddressRow | null;
  contact: ContactRow | null;
  parentName: string | null;
  groupName: string | null;
  partnerName: string | null;
}): Customer {
  const c = d.customer;
  return {
    Id: c.id,
    CustomerNumber: c.customerNumber,
    Name: c.name,
    OrganisationNumber: c.organisationNumber ?? '',
    FreeFromVat: c.freeFromVat,
    IsActive: c.isActive,
    IsPublic: c.isPublic,
    LabelReportsEnabled: c.labelReportsEnabled,
    CreditLimit: c.creditLimit === null ? null : Number(c.creditLimit),
    CreditLimitExceeded: c.creditLimitExceeded,
    ParentCustomerId: c.parentCustomerId,
    ParentCustomer:
      c.parentCustomerId !== null && d.parentName !== null
        ? { Id: c.parentCustomerId, Name: d.parentName }
        : null,
    CustomerGroupId: c.customerGroupId,
    CustomerGroup:
      c.customerGroupId !== null && d.groupName !== null
        ? { Id: c.customerGroupId, Name: d.groupName }
        : null,
    PartnerCompanyId: c.partnerCompanyId,
    PartnerCompany:
      c.partnerCompanyId !== null && d.partnerName !== null
        ? { Id: c.partnerCompanyId, Name: d.partnerName }
        : null,
    DefaultDeliveryAddressId: c.defaultDeliveryAddressId,
    DefaultDeliveryAddress: d.address ? presentAddress(d.address, c.defaultDeliveryAddressId) : null,
    DefaultCustomerPersonId: c.defaultCustomerPersonId,
    DefaultCustomerPerson: d.contact ? presentContact(d.contact, c.defaultCustomerPersonId) : null,
    RowVersion: c.rowVersion,
  };
}

/** The customer's fields as the change log names them (PascalCase, as the client shows them). */
export const loggedCustomerFields = (c: CustomerRow) => ({
  CustomerNumber: c.customerNumber,
  Name: c.name,
  OrganisationNumber: c.organisationNumber ?? '',
  FreeFromVat: c.freeFromVat,
  IsActive: c.isActive,
  IsPublic: c.isPublic,
  LabelReportsEnabled: c.labelReportsEnabled,
  CreditLimit: c.creditLimit === null ? null : Number(c.creditLimit),
  CreditLimitExceeded: c.creditLimitExceeded,
  ParentCustomerId: c.parentCustomerId,
  CustomerGroupId: c.customerGroupId,
  PartnerCompanyId: c.partnerCompanyId,
  DefaultDeliveryAddressId: c.defaultDeliveryAddressId,
  DefaultCustomerPersonId: c.defaultCustomerPersonId,
});

export const loggedAddressFields = (a: AddressRow) => ({
  Name: a.name,
  Street: a.street,
  Zip: a.zip,
  City: a.city,
  County: a.county,
  Country: a.country,
  Latitude: a.latitude,
  Longitude: a.longitude,
  IsDelivery: a.isDelivery,
  IsInvoice: a.isInvoice,
});

export const loggedContactFields = (c: ContactRow) => ({
  Name: c.name,
  Email: c.email,
  Mobile: c.mobile,
  FixedPhone: c.fixedPhone,
  SmsAllowed: c.smsAllowed,
  EmailAllowed: c.emailAllowed,
  IsActive: c.isActive,
});
