import type { customerRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { AddressesAndContactsService } from './addresses.service.ts';
import type { CustomerService } from './customers.service.ts';

/** Customers, addresses and contacts (002 §7.6): parse, authorise (the guard and the scope), call, present. */
export function customerHandlers(
  customers: CustomerService,
  parts: AddressesAndContactsService,
): Handlers<typeof customerRoutes> {
  return {
    customerSearch: async (ctx) => customers.search(callerOf(ctx), ctx.query.searchQuery, ctx.query.limit),
    customerFiltered: async (ctx) => customers.filtered(callerOf(ctx), ctx.query),
    customerGet: async (ctx) => customers.get(callerOf(ctx), ctx.query.id),
    customerCreate: async (ctx) => customers.create(callerOf(ctx), ctx.body),
    customerChange: async (ctx) => customers.change(callerOf(ctx), ctx.params.id, ctx.body),
    customerGetActiveState: async (ctx) => customers.activeState(callerOf(ctx), ctx.params.id),
    customerToggleActiveState: async (ctx) => {
      const s = await customers.toggle(callerOf(ctx), ctx.params.id, 'isActive');
      return { Id: s.Id, IsActive: s.IsActive };
    },
    customerGetPublicState: async (ctx) => customers.publicState(callerOf(ctx), ctx.params.id),
    customerTogglePublicState: async (ctx) => {
      const s = await customers.toggle(callerOf(ctx), ctx.params.id, 'isPublic');
      return { Id: s.Id, IsPublic: s.IsPublic };
    },
    addressList: async (ctx) => parts.addresses(callerOf(ctx), ctx.params.id),
    addressGet: async (ctx) => parts.address(callerOf(ctx), ctx.params.id, ctx.params.addressId),
    addressSave: async (ctx) => parts.saveAddress(callerOf(ctx), ctx.params.id, ctx.body),
    contactList: async (ctx) => parts.contacts(callerOf(ctx), ctx.params.id),
    contactGet: async (ctx) => parts.contact(callerOf(ctx), ctx.params.id),
    contactAdd: async (ctx) => parts.addContact(callerOf(ctx), ctx.params.id, ctx.body),
    contactUpdate: async (ctx) =>
      parts.updateContact(callerOf(ctx), ctx.params.id, ctx.params.contactId, ctx.body),
  };
}
