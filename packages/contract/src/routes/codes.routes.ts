import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  CodeListQuery,
  CodePageQuery,
  FailureCodeChangeInput,
  FailureCodeInput,
  RepairCode,
  RepairCodeAddQuery,
  RepairCodeChangeInput,
  SupplierFailureCode,
  SupportLogChangeInput,
  SupportLogEntry,
  SupportLogInput,
} from '../schemas/codes.ts';
import { RecordIdParams } from '../schemas/fields.ts';

/**
 * Repair codes and suppliers' failure codes (002 §7.18), and a job's support log (§7.12). Codes are read
 * by everyone; repair codes are the Admin's, failure codes are kept on the supplier pages (PIM: Admin,
 * Technician). The support log is the staff's notes on a job: customers and partners do not see it.
 */
const readers = users(ALL_USER_TYPES);
const admin = users([1], { permission: 'Module.Admin' });
const pim = users([1, 2], { permission: 'Module.PIM' });
const staff = users(STAFF);
const deleted = json(z.object({ Id: z.number().int() }));

export const codeRoutes = {
  repairCodeList: defineRoute({
    method: 'GET',
    path: sp('RepairCode/getall'),
    summary: 'Every active repair code by code (IncludeInactive for all).',
    access: readers,
    query: CodeListQuery,
    response: json(z.array(RepairCode)),
  }),
  repairCodeFiltered: defineRoute({
    method: 'GET',
    path: sp('RepairCode/Filtered'),
    summary: 'A page of repair codes, searched in code and description.',
    access: readers,
    query: CodePageQuery,
    response: json(listOf(RepairCode)),
  }),
  repairCodeGet: defineRoute({
    method: 'GET',
    path: sp('RepairCode/get/:id'),
    summary: 'One repair code.',
    access: readers,
    params: RecordIdParams,
    response: json(RepairCode),
  }),
  repairCodeAdd: defineRoute({
    method: 'PUT',
    path: sp('RepairCode/add'),
    summary: 'Create a repair code (query code and description); codes are unique.',
    access: admin,
    query: RepairCodeAddQuery,
    response: json(RepairCode),
  }),
  repairCodeChange: defineRoute({
    method: 'PATCH',
    path: sp('RepairCode/change'),
    summary: 'Change a repair code’s code, description or active state.',
    access: admin,
    body: RepairCodeChangeInput,
    response: json(RepairCode),
  }),
  repairCodeRemove: defineRoute({
    method: 'DELETE',
    path: sp('RepairCode/remove/:id'),
    summary: 'Delete a repair code.',
    access: admin,
    params: RecordIdParams,
    response: deleted,
  }),
  failureCodeFiltered: defineRoute({
    method: 'GET',
    path: sp('SupplierFailureCode/Filtered'),
    summary: 'A page of failure codes, of one supplier when SupplierId is given.',
    access: readers,
    query: CodePageQuery,
    response: json(listOf(SupplierFailureCode)),
  }),
  failureCodeList: defineRoute({
    method: 'GET',
    path: sp('SupplierFailureCode/getall'),
    summary: 'Every active failure code by supplier and code (IncludeInactive for all).',
    access: readers,
    query: CodeListQuery,
    response: json(z.array(SupplierFailureCode)),
  }),
  failureCodesOfSupplier: defineRoute({
    method: 'GET',
    path: sp('SupplierFailureCode/supplier/:id'),
    summary: 'The active failure codes of one supplier (IncludeInactive for all).',
    access: readers,
    params: RecordIdParams,
    query: CodeListQuery,
    response: json(z.array(SupplierFailureCode)),
  }),
  failureCodeGet: defineRoute({
    method: 'GET',
    path: sp('SupplierFailureCode/get/:id'),
    summary: 'One failure code.',
    access: readers,
    params: RecordIdParams,
    response: json(SupplierFailureCode),
  }),
  failureCodeAdd: defineRoute({
    method: 'PUT',
    path: sp('SupplierFailureCode/add'),
    summary: 'Create a failure code of a supplier; codes are unique within the supplier.',
    access: pim,
    body: FailureCodeInput,
    response: json(SupplierFailureCode),
  }),
  failureCodeChange: defineRoute({
    method: 'PATCH',
    path: sp('SupplierFailureCode/change/:id'),
    summary: 'Change a failure code’s code, description or active state.',
    access: pim,
    params: RecordIdParams,
    body: FailureCodeChangeInput,
    response: json(SupplierFailureCode),
  }),
  failureCodeRemove: defineRoute({
    method: 'DELETE',
    path: sp('SupplierFailureCode/remove/:id'),
    summary: 'Delete a failure code no machine job uses (otherwise set it inactive).',
    access: pim,
    params: RecordIdParams,
    response: deleted,
  }),
  supportLogOfJob: defineRoute({
    method: 'GET',
    path: sp('SupportLog/job/:id'),
    summary: 'A job’s support log, newest first.',
    access: staff,
    params: RecordIdParams,
    response: json(z.array(SupportLogEntry)),
  }),
  supportLogAdd: defineRoute({
    method: 'POST',
    path: sp('SupportLog'),
    summary: 'Add a note to a job’s support log.',
    access: staff,
    body: SupportLogInput,
    response: json(SupportLogEntry),
  }),
  supportLogChange: defineRoute({
    method: 'PATCH',
    path: sp('SupportLog'),
    summary: 'Change a note: its author or an Admin.',
    access: staff,
    body: SupportLogChangeInput,
    response: json(SupportLogEntry),
  }),
} as const;
