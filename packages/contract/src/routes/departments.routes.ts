import { z } from 'zod';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { Department, DepartmentChangeInput, DepartmentInput, Firm } from '../schemas/departments.ts';
import { DropdownQuery, RecordIdParams, SearchText } from '../schemas/fields.ts';

/** Departments (002 §7.7): ids are the company's own and unique; the list is asked 150 at a time. */
export const departmentRoutes = {
  departmentFiltered: defineRoute({
    method: 'GET',
    path: sp('Department/Filtered'),
    summary: 'A page of departments (dropdown paging).',
    access: users([1, 2, 3, 5]),
    query: DropdownQuery,
    response: json(listOf(Department)),
  }),
  departmentSearch: defineRoute({
    method: 'GET',
    path: sp('Department/search'),
    summary: 'Departments whose name or id matches; a plain list.',
    access: users([1, 2, 3, 5]),
    query: z.object({ searchQuery: SearchText.optional() }),
    response: json(z.array(Department)),
  }),
  departmentGet: defineRoute({
    method: 'GET',
    path: sp('Department/:id'),
    summary: 'One department.',
    access: users([1, 2, 3, 5]),
    params: RecordIdParams,
    response: json(Department),
  }),
  departmentCreate: defineRoute({
    method: 'POST',
    path: sp('Department/'),
    summary: 'Create a department; the id must be unique.',
    access: users([1], { permission: 'Module.Admin' }),
    body: DepartmentInput,
    response: json(Department),
  }),
  departmentChange: defineRoute({
    method: 'PATCH',
    path: sp('Department/'),
    summary: 'Change a department (by RecordId).',
    access: users([1], { permission: 'Module.Admin' }),
    body: DepartmentChangeInput,
    response: json(Department),
  }),
  firm: defineRoute({
    method: 'GET',
    path: sp('Firm'),
    summary: 'The firms of the installation.',
    access: users([1, 2, 3, 5]),
    response: json(z.array(Firm)),
  }),
} as const;
