import { z } from 'zod';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { DropdownQuery, RecordIdParams } from '../schemas/fields.ts';
import {
  Lead,
  LeadChangeInput,
  LeadConversion,
  LeadConvertInput,
  LeadFilterQuery,
  LeadInput,
  LeadType,
  LeadTypeChangeInput,
  LeadTypeInput,
} from '../schemas/leads.ts';
import { FeatureState } from '../schemas/machines.ts';

/**
 * Leads and lead types (002 §7.11, LeadsEnabled feature): the Admin area's lead pages (001 §2.4).
 * Leads are the Admin's: prospects with contact details no technician or customer should browse.
 * Lead/{id}/Convert is ours beyond the catalogue (decision 050): the customer and its first job in one step.
 */
const admin = users([1], { permission: 'Module.Admin', feature: 'LeadsEnabled' });
const typeReaders = users([1, 2, 3], { feature: 'LeadsEnabled' });

export const leadRoutes = {
  leadToggleFeature: defineRoute({
    method: 'POST',
    path: sp('Lead/ToggleFeature'),
    summary: 'Switch the leads feature (LeadsEnabled) on or off.',
    access: users([1], { permission: 'Module.Admin' }),
    response: json(FeatureState),
  }),
  leadFiltered: defineRoute({
    method: 'GET',
    path: sp('Lead/Filtered'),
    summary: 'A page of leads, newest first; converted ones only with IncludeConverted.',
    access: admin,
    query: LeadFilterQuery,
    response: json(listOf(Lead)),
  }),
  leadGet: defineRoute({
    method: 'GET',
    path: sp('Lead/:id'),
    summary: 'One lead.',
    access: admin,
    params: RecordIdParams,
    response: json(Lead),
  }),
  leadCreate: defineRoute({
    method: 'POST',
    path: sp('Lead/'),
    summary: 'Create a lead.',
    access: admin,
    body: LeadInput,
    response: json(Lead),
  }),
  leadChange: defineRoute({
    method: 'PATCH',
    path: sp('Lead/'),
    summary: 'Change a lead (by Id); a converted lead is closed to change.',
    access: admin,
    body: LeadChangeInput,
    response: json(Lead),
  }),
  leadDelete: defineRoute({
    method: 'DELETE',
    path: sp('Lead/:id'),
    summary: 'Delete a lead that has not been converted.',
    access: admin,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
  leadConvert: defineRoute({
    method: 'POST',
    path: sp('Lead/:id/Convert'),
    summary:
      'Ours (decision 050): turn a lead into a customer (its address and contact) and a new job, in one transaction, and mark the lead converted.',
    access: admin,
    params: RecordIdParams,
    body: LeadConvertInput,
    response: json(LeadConversion),
  }),
  leadTypeList: defineRoute({
    method: 'GET',
    path: sp('LeadType/list'),
    summary: 'Every lead type, by name.',
    access: typeReaders,
    response: json(z.array(LeadType)),
  }),
  leadTypeFiltered: defineRoute({
    method: 'GET',
    path: sp('LeadType/Filtered'),
    summary: 'A page of lead types (dropdown paging, selected ids prepended).',
    access: typeReaders,
    query: DropdownQuery,
    response: json(listOf(LeadType)),
  }),
  leadTypeGet: defineRoute({
    method: 'GET',
    path: sp('LeadType/:id'),
    summary: 'One lead type.',
    access: typeReaders,
    params: RecordIdParams,
    response: json(LeadType),
  }),
  leadTypeCreate: defineRoute({
    method: 'POST',
    path: sp('LeadType/'),
    summary: 'Create a lead type (names unique).',
    access: admin,
    body: LeadTypeInput,
    response: json(LeadType),
  }),
  leadTypeChange: defineRoute({
    method: 'PATCH',
    path: sp('LeadType/'),
    summary: 'Change a lead type (by Id).',
    access: admin,
    body: LeadTypeChangeInput,
    response: json(LeadType),
  }),
  leadTypeDelete: defineRoute({
    method: 'DELETE',
    path: sp('LeadType/:id'),
    summary: 'Delete a lead type no lead uses.',
    access: admin,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
} as const;
