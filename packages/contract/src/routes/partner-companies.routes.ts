import { z } from 'zod';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { DropdownQuery, RecordIdParams } from '../schemas/fields.ts';
import { FeatureState } from '../schemas/machines.ts';
import {
  PartnerCompany,
  PartnerCompanyChangeInput,
  PartnerCompanyInput,
} from '../schemas/partner-companies.ts';

/**
 * Partner companies (002 §7.18; paths mirror the other reference data). Staff read them all, a partner
 * only its own; the partner module (Admin, partner portal licence) writes them.
 */
const readers = users([1, 2, 3, 5]);
const writers = users([1], { permission: 'Module.Partner', licence: 'PartnerPortal' });

export const partnerCompanyRoutes = {
  partnerCompanyToggleFeature: defineRoute({
    method: 'POST',
    path: sp('PartnerCompany/ToggleFeature'),
    summary: 'Switch the partner companies feature (the Partner area) on or off.',
    access: writers,
    response: json(FeatureState),
  }),
  partnerCompanyList: defineRoute({
    method: 'GET',
    path: sp('PartnerCompany/list'),
    summary: 'Every partner company the caller may see, by name.',
    access: readers,
    response: json(z.array(PartnerCompany)),
  }),
  partnerCompanyFiltered: defineRoute({
    method: 'GET',
    path: sp('PartnerCompany/Filtered'),
    summary: 'A page of partner companies (dropdown paging, selected ids prepended).',
    access: readers,
    query: DropdownQuery,
    response: json(listOf(PartnerCompany)),
  }),
  partnerCompanyGet: defineRoute({
    method: 'GET',
    path: sp('PartnerCompany/:id'),
    summary: 'One partner company.',
    access: readers,
    params: RecordIdParams,
    response: json(PartnerCompany),
  }),
  partnerCompanyCreate: defineRoute({
    method: 'PUT',
    path: sp('PartnerCompany/'),
    summary: 'Create a partner company.',
    access: writers,
    body: PartnerCompanyInput,
    response: json(PartnerCompany),
  }),
  partnerCompanyChange: defineRoute({
    method: 'PATCH',
    path: sp('PartnerCompany/'),
    summary: 'Change a partner company (by Id).',
    access: writers,
    body: PartnerCompanyChangeInput,
    response: json(PartnerCompany),
  }),
  partnerCompanyDelete: defineRoute({
    method: 'DELETE',
    path: sp('PartnerCompany/:id'),
    summary: 'Delete a partner company that no customer, machine or user belongs to.',
    access: writers,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
} as const;
