import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  Address,
  AddressSaveInput,
  Contact,
  ContactAddInput,
  ContactUpdateInput,
  Customer,
  CustomerChangeInput,
  CustomerCreateInput,
  CustomerListItem,
  PublicState,
} from '../schemas/customers.ts';
import { ActiveState, DropdownQuery, RecordId, RecordIdParams, SearchText } from '../schemas/fields.ts';

/**
 * Customers, their addresses and contacts (002 §7.6). Everyone may read, but customer users see only
 * their own company and partners only their customers; someone else's id answers 404.
 */
const readers = users(ALL_USER_TYPES);

/** An address id: ERP addresses have ids below zero (001 §5). */
const AddressId = z.coerce
  .number({ error: 'Must be a valid whole number.' })
  .int('Must be a valid whole number.')
  .refine((v) => v !== 0 && Math.abs(v) <= 2_147_483_647, 'Must be a valid id.');

export const customerRoutes = {
  customerSearch: defineRoute({
    method: 'GET',
    path: sp('customer/search'),
    summary: 'Customers whose name, number, organisation number or address matches; a plain list.',
    access: readers,
    query: z.object({
      searchQuery: SearchText.optional(),
      limit: z.coerce.number({ error: 'Must be a valid whole number.' }).int().min(1).max(5000).default(1000),
    }),
    response: json(z.array(CustomerListItem)),
  }),
  customerFiltered: defineRoute({
    method: 'GET',
    path: sp('customer/Filtered'),
    summary: 'A page of customers (dropdown paging, with selected ids prepended to the first page).',
    access: readers,
    query: DropdownQuery.extend({
      CustomerGroupId: RecordId.optional(),
    }),
    response: json(listOf(CustomerListItem)),
  }),
  customerGet: defineRoute({
    method: 'GET',
    path: sp('customer/'),
    summary: 'One customer with its default delivery address and contact.',
    access: readers,
    query: z.object({ id: RecordId }),
    response: json(Customer),
  }),
  customerCreate: defineRoute({
    method: 'POST',
    path: sp('customer/'),
    summary: 'Create a customer; refused when the ERP owns customers or the number is taken.',
    access: users(STAFF, { permission: 'Customer.Edit' }),
    body: CustomerCreateInput,
    response: json(Customer),
  }),
  customerChange: defineRoute({
    method: 'PATCH',
    path: sp('customer/:id'),
    summary: 'Change the fields sent of a customer.',
    access: users(STAFF, { permission: 'Customer.Edit' }),
    params: RecordIdParams,
    body: CustomerChangeInput,
    response: json(Customer),
  }),
  customerGetActiveState: defineRoute({
    method: 'GET',
    path: sp('customer/:id/GetActiveState'),
    summary: 'Whether the customer is active.',
    access: readers,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  customerToggleActiveState: defineRoute({
    method: 'PATCH',
    path: sp('customer/:id/ToggleActiveState'),
    summary: 'Flip the customer between active and inactive.',
    access: users(STAFF, { permission: 'Customer.Edit' }),
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  customerGetPublicState: defineRoute({
    method: 'GET',
    path: sp('customer/:id/GetPublicState'),
    summary: 'Whether the customer is shown in the public portal.',
    access: readers,
    params: RecordIdParams,
    response: json(PublicState),
  }),
  customerTogglePublicState: defineRoute({
    method: 'PATCH',
    path: sp('customer/:id/TogglePublicState'),
    summary: 'Flip the public view of the customer (only with the public portal feature).',
    access: users(STAFF, { permission: 'Customer.Edit', feature: 'PublicPortalEnabled' }),
    params: RecordIdParams,
    response: json(PublicState),
  }),

  addressList: defineRoute({
    method: 'GET',
    path: sp('customer/:id/address'),
    summary: 'The addresses of a customer, the default delivery address first.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(Address)),
  }),
  addressGet: defineRoute({
    method: 'GET',
    path: sp('customer/:id/getsingleaddress/:addressId'),
    summary: 'One address of a customer.',
    access: readers,
    params: z.object({ id: RecordId, addressId: AddressId }),
    response: json(Address),
  }),
  addressSave: defineRoute({
    method: 'POST',
    path: sp('customer/:id/address'),
    summary: 'Create (Id missing or 0) or change an address; ERP addresses (Id below 0) are read-only.',
    access: users(STAFF, { permission: 'Address.Edit' }),
    params: RecordIdParams,
    body: AddressSaveInput,
    response: json(Address),
  }),

  contactList: defineRoute({
    method: 'GET',
    path: sp('CustomerPerson/Customer/:id/AllContacts'),
    summary: 'All contact persons of a customer.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(Contact)),
  }),
  contactGet: defineRoute({
    method: 'GET',
    path: sp('CustomerPerson/Customer/contact/:id'),
    summary: 'One contact person.',
    access: readers,
    params: RecordIdParams,
    response: json(Contact),
  }),
  contactAdd: defineRoute({
    method: 'POST',
    path: sp('CustomerPerson/customer/:id/contact/add'),
    summary: 'Add a contact person to a customer.',
    access: users(STAFF, { permission: 'Contact.Edit' }),
    params: RecordIdParams,
    body: ContactAddInput,
    response: json(Contact),
  }),
  contactUpdate: defineRoute({
    method: 'PUT',
    path: sp('CustomerPerson/customer/:id/contact/:contactId/update'),
    summary: 'Change a contact person of a customer.',
    access: users(STAFF, { permission: 'Contact.Edit' }),
    params: z.object({ id: RecordId, contactId: RecordId }),
    body: ContactUpdateInput,
    response: json(Contact),
  }),
} as const;
