import type { Address, Contact, Customer, CustomerListItem } from '@fieldport/contract';

/** Test data of the customer screens: customers, their addresses and contacts as the API sends them. */

export function address(id: number, customerId: number, over: Partial<Address> = {}): Address {
  return {
    Id: id,
    CustomerId: customerId,
    Name: 'Main site',
    DisplayName: 'Main site, Storgata 1, 0150 Oslo',
    Street: 'Storgata 1',
    Zip: '0150',
    City: 'Oslo',
    County: '',
    Country: 'Norway',
    Latitude: null,
    Longitude: null,
    IsDelivery: true,
    IsInvoice: false,
    IsDefault: true,
    IsReadOnly: id < 0,
    RowVersion: 1,
    ...over,
  };
}

export function listItem(id: number, over: Partial<CustomerListItem> = {}): CustomerListItem {
  return {
    Id: id,
    CustomerNumber: String(10000 + id),
    Name: `Customer ${id}`,
    IsActive: true,
    DefaultDeliveryAddress: address(id * 10, id),
    ...over,
  };
}

export function customer(id: number, over: Partial<Customer> = {}): Customer {
  return {
    Id: id,
    CustomerNumber: String(10000 + id),
    Name: `Customer ${id}`,
    OrganisationNumber: '',
    FreeFromVat: true,
    IsActive: true,
    IsPublic: false,
    LabelReportsEnabled: true,
    CreditLimit: null,
    CreditLimitExceeded: false,
    ParentCustomerId: null,
    ParentCustomer: null,
    CustomerGroupId: null,
    CustomerGroup: null,
    PartnerCompanyId: null,
    PartnerCompany: null,
    DefaultDeliveryAddressId: id * 10,
    DefaultDeliveryAddress: address(id * 10, id),
    DefaultCustomerPersonId: null,
    DefaultCustomerPerson: null,
    RowVersion: 1,
    ...over,
  };
}

export function contact(id: number, customerId: number, over: Partial<Contact> = {}): Contact {
  return {
    Id: id,
    CustomerId: customerId,
    Name: 'Kari Nordmann',
    Email: 'kari@fjord.test',
    Mobile: '+47 912 34 567',
    FixedPhone: '',
    SmsAllowed: false,
    EmailAllowed: false,
    IsActive: true,
    IsDefault: false,
    RowVersion: 1,
    ...over,
  };
}
