import { z } from 'zod';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { CustomerGroup, CustomerGroupChangeInput, CustomerGroupInput } from '../schemas/customers.ts';
import { PagedQuery, RecordIdParams } from '../schemas/fields.ts';

/**
 * Customer groups (002 §7.6): the id is the company's own and unique. Create and change are multipart:
 * an optional ImageFile (png or jpeg) and a CustomerGroup part holding the JSON.
 */
export const customerGroupRoutes = {
  customerGroupFiltered: defineRoute({
    method: 'GET',
    path: sp('CustomerGroup/Filtered'),
    summary: 'A page of customer groups.',
    access: users([1, 2, 3, 5]),
    query: PagedQuery,
    response: json(listOf(CustomerGroup)),
  }),
  customerGroupGet: defineRoute({
    method: 'GET',
    path: sp('CustomerGroup/:id'),
    summary: 'One customer group.',
    access: users([1, 2, 3, 5]),
    params: RecordIdParams,
    response: json(CustomerGroup),
  }),
  customerGroupCreate: defineRoute({
    method: 'POST',
    path: sp('CustomerGroup/'),
    summary: 'Create a customer group (multipart: ImageFile and the CustomerGroup JSON part).',
    access: users([1], { permission: 'Module.Admin' }),
    bodyKind: 'multipart',
    body: z.object({ CustomerGroup: CustomerGroupInput, ImageFile: z.unknown().optional() }),
    response: json(CustomerGroup),
  }),
  customerGroupChange: defineRoute({
    method: 'PATCH',
    path: sp('CustomerGroup/'),
    summary: 'Change a customer group (multipart: ImageFile and the CustomerGroup JSON part).',
    access: users([1], { permission: 'Module.Admin' }),
    bodyKind: 'multipart',
    body: z.object({ CustomerGroup: CustomerGroupChangeInput, ImageFile: z.unknown().optional() }),
    response: json(CustomerGroup),
  }),
  customerGroupDelete: defineRoute({
    method: 'DELETE',
    path: sp('CustomerGroup/:id'),
    summary: 'Delete a customer group no customer belongs to.',
    access: users([1], { permission: 'Module.Admin' }),
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
} as const;
