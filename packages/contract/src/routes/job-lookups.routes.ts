import { z } from 'zod';
import { ALL_USER_TYPES } from '../domain/user-types.ts';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { ActiveState, RecordIdParams } from '../schemas/fields.ts';
import {
  NamedLookup,
  NamedLookupChangeInput,
  NamedLookupInput,
  NamedLookupPageQuery,
  NamedLookupQuery,
} from '../schemas/job-lookups.ts';

/**
 * The lookups of a job's machine lines (000 §3): job categories (002 §7.9), warranty types and repair
 * places (§7.18, whose paths 'mirror the pattern' of repair codes: getall, Filtered, get/{id}, PUT add,
 * PATCH change, DELETE remove/{id}). Everyone reads them; the Admin keeps them.
 */
const readers = users(ALL_USER_TYPES);
const admin = users([1], { permission: 'Module.Admin' });

/** The six calls of one lookup in the repair-code pattern. */
function lookupCalls(resource: string, what: string) {
  return {
    list: defineRoute({
      method: 'GET',
      path: sp(`${resource}/getall`),
      summary: `Every active ${what} by name (IncludeInactive for all).`,
      access: readers,
      query: NamedLookupQuery,
      response: json(z.array(NamedLookup)),
    }),
    filtered: defineRoute({
      method: 'GET',
      path: sp(`${resource}/Filtered`),
      summary: `A page of ${what}s by name.`,
      access: readers,
      query: NamedLookupPageQuery,
      response: json(listOf(NamedLookup)),
    }),
    get: defineRoute({
      method: 'GET',
      path: sp(`${resource}/get/:id`),
      summary: `One ${what}.`,
      access: readers,
      params: RecordIdParams,
      response: json(NamedLookup),
    }),
    add: defineRoute({
      method: 'PUT',
      path: sp(`${resource}/add`),
      summary: `Create a ${what}; names are unique.`,
      access: admin,
      body: NamedLookupInput,
      response: json(NamedLookup),
    }),
    change: defineRoute({
      method: 'PATCH',
      path: sp(`${resource}/change`),
      summary: `Rename a ${what} or set it active or inactive.`,
      access: admin,
      body: NamedLookupChangeInput,
      response: json(NamedLookup),
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: sp(`${resource}/remove/:id`),
      summary: `Delete a ${what} no job uses (otherwise set it inactive).`,
      access: admin,
      params: RecordIdParams,
      response: json(z.object({ Id: z.number().int() })),
    }),
  } as const;
}

const warranty = lookupCalls('WarrantyType', 'warranty type');
const repairPlace = lookupCalls('RepairPlace', 'repair place');

export const jobLookupRoutes = {
  warrantyTypeList: warranty.list,
  warrantyTypeFiltered: warranty.filtered,
  warrantyTypeGet: warranty.get,
  warrantyTypeAdd: warranty.add,
  warrantyTypeChange: warranty.change,
  warrantyTypeRemove: warranty.remove,
  repairPlaceList: repairPlace.list,
  repairPlaceFiltered: repairPlace.filtered,
  repairPlaceGet: repairPlace.get,
  repairPlaceAdd: repairPlace.add,
  repairPlaceChange: repairPlace.change,
  repairPlaceRemove: repairPlace.remove,
  jobCategoryList: defineRoute({
    method: 'GET',
    path: sp('JobCategory'),
    summary: 'Every active job category by name (IncludeInactive for all).',
    access: readers,
    query: NamedLookupQuery,
    response: json(z.array(NamedLookup)),
  }),
  jobCategoryFiltered: defineRoute({
    method: 'GET',
    path: sp('JobCategory/Filtered'),
    summary: 'A page of job categories by name.',
    access: readers,
    query: NamedLookupPageQuery,
    response: json(listOf(NamedLookup)),
  }),
  jobCategoryGet: defineRoute({
    method: 'GET',
    path: sp('JobCategory/:id'),
    summary: 'One job category.',
    access: readers,
    params: RecordIdParams,
    response: json(NamedLookup),
  }),
  jobCategoryGetActiveState: defineRoute({
    method: 'GET',
    path: sp('JobCategory/:id/GetActiveState'),
    summary: 'Whether a job category is active.',
    access: readers,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  jobCategoryToggleActive: defineRoute({
    method: 'PATCH',
    path: sp('JobCategory/:id/ToggleActive'),
    summary: 'Flip a job category between active and inactive (000 §4: read the state, then flip it).',
    access: admin,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  jobCategoryCreate: defineRoute({
    method: 'PUT',
    path: sp('JobCategory'),
    summary: 'Create a job category; names are unique.',
    access: admin,
    body: NamedLookupInput,
    response: json(NamedLookup),
  }),
  jobCategoryChange: defineRoute({
    method: 'PATCH',
    path: sp('JobCategory'),
    summary: 'Rename a job category or set it active or inactive.',
    access: admin,
    body: NamedLookupChangeInput,
    response: json(NamedLookup),
  }),
} as const;
